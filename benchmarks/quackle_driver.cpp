// quackle_driver: Quackle's move generator timed on CGP positions, for benchmarks/bench_quackle.py.
//
// Reads CGP lines on standard input (blank lines and lines starting with '#' are skipped), and for
// each prints one JSON line: the number of placements Quackle finds, and the median over
// --repeat runs (after one run not counted) of
//   crosses_ms  the position made ready for a search: the board's cross-sets worked out
//               (GamePosition::ensureBoardIsPreparedForAnalysis), which Quackle keeps up to date
//               move by move in a game but our search works out on every call;
//   all_ms      every move, each a Quackle Move (tiles, score, equity), filtered and sorted
//               (Generator::kibitz with a list longer than one: the whole list is built);
//   best_ms     the best move alone (Generator::kibitz(1): only the best is kept).
// Exchanges are turned off (CannotExchange) and the evaluator is Quackle's base Evaluator, whose
// equity is the score: the best move is the best by score, as ours is. With --moves, each line
// also lists every placement as [tiles, score], tiles being the squares it fills, "row,col,L"
// (0-based, L lowercase for a blank) sorted and joined with spaces, as the Python side writes them.
//
// Only Quackle's core library is used (no Qt). Build commands: see bench_quackle.py.
//
//   quackle_driver --dawg FILE --gaddag FILE [--repeat N] [--moves] < positions.txt

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "alphabetparameters.h"
#include "board.h"
#include "boardparameters.h"
#include "datamanager.h"
#include "evaluator.h"
#include "game.h"
#include "generator.h"
#include "lexiconparameters.h"
#include "move.h"
#include "player.h"
#include "rack.h"

namespace
{

// The standard 15x15 board, row by row: '=' triple word, '-' double word (the centre too),
// '"' triple letter, '\'' double letter.
const char *const kLayout[15] = {
	"=..'...=...'..=",
	".-...\"...\"...-.",
	"..-...'.'...-..",
	"'..-...'...-..'",
	"....-.....-....",
	".\"...\"...\"...\".",
	"..'...'.'...'..",
	"=..'...-...'..=",
	"..'...'.'...'..",
	".\"...\"...\"...\".",
	"....-.....-....",
	"'..-...'...-..'",
	"..-...'.'...-..",
	".-...\"...\"...-.",
	"=..'...=...'..=",
};

Quackle::BoardParameters *standardBoard()
{
	auto *board = new Quackle::BoardParameters();
	board->setWidth(15);
	board->setHeight(15);
	board->setStartRow(7);
	board->setStartColumn(7);
	for (int row = 0; row < 15; ++row)
	{
		for (int col = 0; col < 15; ++col)
		{
			Quackle::BoardParameters::LetterMultiplier letter = Quackle::BoardParameters::sls;
			Quackle::BoardParameters::WordMultiplier word = Quackle::BoardParameters::sws;
			switch (kLayout[row][col])
			{
			case '=': word = Quackle::BoardParameters::tws; break;
			case '-': word = Quackle::BoardParameters::dws; break;
			case '"': letter = Quackle::BoardParameters::tls; break;
			case '\'': letter = Quackle::BoardParameters::dls; break;
			default: break;
			}
			board->setLetterMultiplier(row, col, letter);
			board->setWordMultiplier(row, col, word);
		}
	}
	return board;
}

// One letter of the alphabet from its capital ('?' for the blank), through the alphabet's own table.
Quackle::Letter letterOf(char capital)
{
	const Quackle::LetterString encoded = QUACKLE_ALPHABET_PARAMETERS->encode(std::string(1, capital));
	if (encoded.length() != 1)
	{
		std::cerr << "quackle_driver: no letter for '" << capital << "'\n";
		std::exit(2);
	}
	return encoded[0];
}

struct Cgp
{
	Quackle::Board board;
	Quackle::LetterString rack;
};

// The board and the rack of the player to move of one CGP line (racks NEXT/OTHER after the rows).
bool readCgp(const std::string &line, Cgp &cgp)
{
	std::istringstream fields(line);
	std::string rows, racks;
	if (!(fields >> rows >> racks))
		return false;
	cgp.board = Quackle::Board();
	cgp.board.prepareEmptyBoard();
	int row = 0, col = 0;
	for (size_t i = 0; i < rows.size(); ++i)
	{
		const char c = rows[i];
		if (c == '/')
		{
			if (col != 15 || ++row > 14)
				return false;
			col = 0;
		}
		else if (c >= '0' && c <= '9')
		{
			int run = c - '0';
			while (i + 1 < rows.size() && rows[i + 1] >= '0' && rows[i + 1] <= '9')
				run = run * 10 + (rows[++i] - '0');
			col += run;
		}
		else if (col > 14)
		{
			return false;
		}
		else
		{
			const bool blank = c >= 'a' && c <= 'z';
			Quackle::Letter letter = letterOf(blank ? char(c - 'a' + 'A') : c);
			if (blank)
				letter = QUACKLE_ALPHABET_PARAMETERS->setBlankness(letter);
			Quackle::LetterString tile;
			tile += letter;
			cgp.board.makeMove(Quackle::Move::createPlaceMove(row, col, true, tile));
			++col;
		}
	}
	cgp.rack = Quackle::LetterString();
	for (const char c : racks.substr(0, racks.find('/')))
		cgp.rack += letterOf(c);
	return row == 14 && col == 15;
}

Quackle::GamePosition positionOf(const Cgp &cgp)
{
	Quackle::PlayerList players;
	players.push_back(Quackle::Player("next", Quackle::Player::HumanPlayerType, 0));
	players.push_back(Quackle::Player("other", Quackle::Player::HumanPlayerType, 1));
	Quackle::GamePosition position(players);
	// Turn 1, the first player to move: a position at turn 0 has no current player, and its
	// copies (the generator searches a copy) would have none either. The rack drawn here is
	// replaced below.
	position.incrementTurn();
	position.setBoard(cgp.board);
	position.setCurrentPlayerRack(Quackle::Rack(cgp.rack), false);
	return position;
}

// The squares a placement fills, "row,col,L" sorted and joined: the key both sides compare.
std::string tilesKey(const Quackle::Move &move)
{
	std::vector<std::string> squares;
	int row = move.startrow, col = move.startcol;
	for (const Quackle::Letter letter : move.tiles())
	{
		if (letter != QUACKLE_PLAYED_THRU_MARK)
		{
			const bool blank = QUACKLE_ALPHABET_PARAMETERS->isBlankLetter(letter);
			std::string shown = QUACKLE_ALPHABET_PARAMETERS->userVisible(QUACKLE_ALPHABET_PARAMETERS->clearBlankness(letter));
			if (blank)
				std::transform(shown.begin(), shown.end(), shown.begin(), ::tolower);
			squares.push_back(std::to_string(row) + "," + std::to_string(col) + "," + shown);
		}
		if (move.horizontal)
			++col;
		else
			++row;
	}
	std::sort(squares.begin(), squares.end());
	std::string key;
	for (const std::string &square : squares)
		key += (key.empty() ? "" : " ") + square;
	return key;
}

template <typename Work> double millisecondsOf(Work work)
{
	const auto start = std::chrono::steady_clock::now();
	work();
	return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
}

double median(std::vector<double> values)
{
	std::sort(values.begin(), values.end());
	const size_t n = values.size();
	return n % 2 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
}

[[noreturn]] void usage()
{
	std::cerr << "usage: quackle_driver --dawg FILE --gaddag FILE [--repeat N] [--moves] < positions\n";
	std::exit(2);
}

} // namespace

int main(int argc, char **argv)
{
	std::string dawg, gaddag;
	int repeat = 21;
	bool listMoves = false;
	for (int i = 1; i < argc; ++i)
	{
		const std::string arg = argv[i];
		if (arg == "--dawg" && i + 1 < argc)
			dawg = argv[++i];
		else if (arg == "--gaddag" && i + 1 < argc)
			gaddag = argv[++i];
		else if (arg == "--repeat" && i + 1 < argc)
			repeat = std::max(1, std::atoi(argv[++i]));
		else if (arg == "--moves")
			listMoves = true;
		else
			usage();
	}
	if (dawg.empty() || gaddag.empty())
		usage();

	Quackle::DataManager dataManager; // English alphabet and rack of 7, bingo 50, by default
	dataManager.setBoardParameters(standardBoard());
	dataManager.setEvaluator(new Quackle::Evaluator()); // equity = score
	// Quackle reads its GADDAG only after a DAWG of the same words (it checks their hashes).
	dataManager.lexiconParameters()->loadDawg(dawg);
	dataManager.lexiconParameters()->loadGaddag(gaddag);
	if (!dataManager.lexiconParameters()->hasGaddag())
	{
		std::cerr << "quackle_driver: no GADDAG read from " << gaddag << "\n";
		return 2;
	}

	std::string line;
	int index = 0;
	while (std::getline(std::cin, line))
	{
		if (line.empty() || line[0] == '#')
			continue;
		Cgp cgp;
		if (!readCgp(line, cgp))
		{
			std::cerr << "quackle_driver: not a 15x15 CGP position: " << line << "\n";
			return 2;
		}
		const Quackle::GamePosition unprepared = positionOf(cgp);
		Quackle::GamePosition prepared = unprepared;
		prepared.ensureBoardIsPreparedForAnalysis();

		std::vector<double> crosses, all, best;
		size_t placements = 0;
		int bestScore = 0;
		std::string listed;
		for (int run = 0; run <= repeat; ++run) // run 0 warms the caches and is not counted
		{
			const double crossesMs = millisecondsOf([&] {
				Quackle::GamePosition position = unprepared;
				position.ensureBoardIsPreparedForAnalysis();
			});
			// The generator is made inside the timing, as GamePosition::kibitz makes one: it copies
			// the position it searches.
			std::unique_ptr<Quackle::Generator> everyMove, bestMove;
			const double allMs = millisecondsOf([&] {
				everyMove = std::make_unique<Quackle::Generator>(prepared);
				everyMove->kibitz(2, Quackle::Generator::CannotExchange);
			});
			const double bestMs = millisecondsOf([&] {
				bestMove = std::make_unique<Quackle::Generator>(prepared);
				bestMove->kibitz(1, Quackle::Generator::CannotExchange);
			});
			if (run == 0)
			{
				placements = 0;
				for (const Quackle::Move &move : everyMove->allPossiblePlays())
				{
					if (move.action != Quackle::Move::Place)
						continue;
					++placements;
					if (listMoves)
						listed += std::string(listed.empty() ? "" : ",") + "[\"" + tilesKey(move) + "\"," +
							std::to_string(move.score) + "]";
				}
				const Quackle::Move &top = bestMove->kibitzList().front();
				bestScore = top.action == Quackle::Move::Place ? top.score : 0;
				continue;
			}
			crosses.push_back(crossesMs);
			all.push_back(allMs);
			best.push_back(bestMs);
		}
		std::printf("{\"position\": %d, \"placements\": %zu, \"best_score\": %d, \"crosses_ms\": %.4f, "
					"\"all_ms\": %.4f, \"best_ms\": %.4f",
			index, placements, bestScore, median(crosses), median(all), median(best));
		if (listMoves)
			std::printf(", \"moves\": [%s]", listed.c_str());
		std::printf("}\n");
		std::fflush(stdout);
		++index;
	}
	return 0;
}

/* What differs between compilers and systems, in one place: the threads and their lock, a short
 * pause, the clocks, bit counts and a prefetch. The atomics are C11's own (<stdatomic.h>; Visual
 * Studio's C compiler since 2022 17.5 with /experimental:c11atomics). Threads are POSIX's, or
 * Windows' own: C11's <threads.h> is missing from macOS's C library. */
#ifndef SCRABBLE_FR_PORTABLE_H
#define SCRABBLE_FR_PORTABLE_H

/* clock_gettime and nanosleep under -std=c11 (included first, before any system header). */
#if !defined(_WIN32) && !defined(_POSIX_C_SOURCE)
#define _POSIX_C_SOURCE 200809L
#endif

#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>

#if defined(_WIN32)
#define WIN32_LEAN_AND_MEAN
#define NOMINMAX
#include <windows.h>
/* Old 16-bit keywords windows.h still defines as nothing: the search has a field named near. */
#undef near
#undef far
#else
#include <pthread.h>
#include <time.h>
#endif

#if defined(_MSC_VER) && !defined(__clang__)
#include <intrin.h>
#endif

/* A relaxed atomic read or write (the order the search needs comes from the lock, or does not
 * matter: a bound read late is only weaker), and the two orderings the helpers' waiting needs. */
#define LOAD(p) atomic_load_explicit((p), memory_order_relaxed)
#define STORE(p, v) atomic_store_explicit((p), (v), memory_order_relaxed)
#define LOAD_ACQUIRE(p) atomic_load_explicit((p), memory_order_acquire)
#define STORE_RELEASE(p, v) atomic_store_explicit((p), (v), memory_order_release)
#define FETCH_ADD(p, v) atomic_fetch_add_explicit((p), (v), memory_order_relaxed)

/* -- threads and their lock ------------------------------------------------------------------ */

typedef void *(*ThreadRun)(void *);

#if defined(_WIN32)
typedef HANDLE Thread;
typedef SRWLOCK Mutex;

typedef struct {
    ThreadRun run;
    void *argument;
} ThreadStart;

static DWORD WINAPI thread_trampoline(LPVOID given) {
    ThreadStart start = *(ThreadStart *)given;
    free(given);
    start.run(start.argument);
    return 0;
}

/* A thread running run(argument): 0, or -1 when it could not be made. */
static inline int thread_start(Thread *thread, ThreadRun run, void *argument) {
    ThreadStart *start = malloc(sizeof(ThreadStart));
    if (!start) return -1;
    start->run = run;
    start->argument = argument;
    *thread = CreateThread(NULL, 0, thread_trampoline, start, 0, NULL);
    if (!*thread) {
        free(start);
        return -1;
    }
    return 0;
}

static inline void thread_join(Thread thread) {
    WaitForSingleObject(thread, INFINITE);
    CloseHandle(thread);
}

static inline int mutex_init(Mutex *m) {
    InitializeSRWLock(m);
    return 0;
}
static inline void mutex_destroy(Mutex *m) { (void)m; }
static inline void mutex_lock(Mutex *m) { AcquireSRWLockExclusive(m); }
static inline void mutex_unlock(Mutex *m) { ReleaseSRWLockExclusive(m); }

/* A pause of about that long (Windows sleeps by the millisecond: a yield below one). */
static inline void pause_briefly(long nanoseconds) {
    if (nanoseconds >= 1000000)
        Sleep((DWORD)(nanoseconds / 1000000));
    else
        SwitchToThread();
}

/* Seconds on the monotonic clock, or of this process's processor time (cpu). */
static inline double now(int cpu) {
    if (cpu) {
        FILETIME created, ended, kernel, user;
        GetProcessTimes(GetCurrentProcess(), &created, &ended, &kernel, &user);
        uint64_t k = ((uint64_t)kernel.dwHighDateTime << 32) | kernel.dwLowDateTime;
        uint64_t u = ((uint64_t)user.dwHighDateTime << 32) | user.dwLowDateTime;
        return (double)(k + u) * 1e-7;
    }
    LARGE_INTEGER count, frequency;
    QueryPerformanceCounter(&count);
    QueryPerformanceFrequency(&frequency);
    return (double)count.QuadPart / (double)frequency.QuadPart;
}
#else
typedef pthread_t Thread;
typedef pthread_mutex_t Mutex;

static inline int thread_start(Thread *thread, ThreadRun run, void *argument) {
    return pthread_create(thread, NULL, run, argument) == 0 ? 0 : -1;
}
static inline void thread_join(Thread thread) { pthread_join(thread, NULL); }
static inline int mutex_init(Mutex *m) { return pthread_mutex_init(m, NULL) == 0 ? 0 : -1; }
static inline void mutex_destroy(Mutex *m) { pthread_mutex_destroy(m); }
static inline void mutex_lock(Mutex *m) { pthread_mutex_lock(m); }
static inline void mutex_unlock(Mutex *m) { pthread_mutex_unlock(m); }

static inline void pause_briefly(long nanoseconds) {
    struct timespec pause = {0, nanoseconds};
    nanosleep(&pause, NULL);
}

static inline double now(int cpu) {
    struct timespec t;
    clock_gettime(cpu ? CLOCK_PROCESS_CPUTIME_ID : CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}
#endif

/* -- bits ------------------------------------------------------------------------------------ */

/* The lowest bit set in x (x not 0). */
static inline int lowest_bit(uint32_t x) {
#if defined(_MSC_VER) && !defined(__clang__)
    unsigned long at;
    _BitScanForward(&at, x);
    return (int)at;
#else
    return __builtin_ctz(x);
#endif
}

/* The bits x needs: 0 for 0, else one more than its highest bit set. */
static inline int bit_length(uint64_t x) {
    if (!x) return 0;
#if defined(_MSC_VER) && !defined(__clang__)
    int n = 0;
    while (x) {
        n++;
        x >>= 1;
    }
    return n;
#else
    return 64 - __builtin_clzll(x);
#endif
}

/* A hint that the line at address is read soon. */
static inline void prefetch(const void *address) {
#if defined(_MSC_VER) && !defined(__clang__)
    (void)address; /* the search is as right without it */
#else
    __builtin_prefetch(address);
#endif
}

#endif

#ifndef CONSENTRENDER_CPROCESS_H
#define CONSENTRENDER_CPROCESS_H

/// Asks the kernel to send this process SIGTERM when the thread that started it ends (Linux's
/// PR_SET_PDEATHSIG), so a worker process dies with its parent, however the parent ends. Returns 0
/// when that is set and the parent is still `expected_parent`, 1 when the parent has already
/// gone (the worker was orphaned before it could ask), -1 when the kernel refused (errno says why).
/// prctl is variadic, which Swift cannot call: hence this file.
int consentrender_end_with_parent(int expected_parent);

/// pipe2(fds, O_CLOEXEC): a pipe no other child inherits (a worker started by another thread at
/// the same instant would otherwise hold its end open). Returns 0, or -1 with errno.
int consentrender_pipe(int fds[2]);

/// mkostemp(path_template, O_CLOEXEC), then unlinks the file: an anonymous temporary file that no
/// other child inherits and that nothing leaves behind. Returns its descriptor, or -1 with errno.
int consentrender_anonymous_file(char *path_template);

/// Starts the program at `path` with `argv` (NULL-terminated), in a process group of its own, its
/// standard input, output and error on the given descriptors and no other descriptor of this
/// process, and asks the kernel to SIGKILL it when the thread that started it ends
/// (PR_SET_PDEATHSIG), so that it dies with this process however this process ends (an encoder
/// left running would go on writing). fork and
/// exec rather than posix_spawn, which cannot set that. Returns the child's process id, or -1 with
/// errno; a child that could not set itself up exits 126, one whose program could not run 127.
#include <stddef.h>
#include <sys/types.h>
pid_t consentrender_spawn_ending_with_parent(const char *path, char *const argv[], int input, int output, int errors);

/// Makes every thread allocate from glibc's one main arena (mallopt M_ARENA_MAX 1). Each further
/// arena reserves 64–128 MB of address space, so under an address-space limit (`ulimit -v`) two
/// or three threads' arenas alone can exhaust it. Returns 1 when set.
int consentrender_use_one_malloc_arena(void);

/// Sets the stack size of threads made without one (pthread_setattr_default_np): under an
/// address-space limit, the threads GLib and Pango start (Pango starts one for each font sort)
/// would otherwise each reserve 8 MB, and GLib aborts the process when one cannot be made.
/// Returns 0 when set.
int consentrender_set_default_thread_stack(size_t bytes);

/// Whether `bytes` more of address space can be mapped now: a mapping made and undone at once
/// (system calls, which no optimiser removes, as it may remove a malloc whose result is only
/// freed). Returns 1 when it could be made.
int consentrender_address_space_available(size_t bytes);
#endif

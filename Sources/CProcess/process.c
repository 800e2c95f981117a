#define _GNU_SOURCE
#include "CProcess.h"

#include <fcntl.h>
#include <malloc.h>
#include <pthread.h>
#include <sys/mman.h>
#include <stdlib.h>

#include <errno.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/types.h>
#include <unistd.h>

int consentrender_end_with_parent(int expected_parent) {
    if (prctl(PR_SET_PDEATHSIG, SIGTERM) != 0) {
        return -1;
    }
    // The parent may have ended between starting us and the call above: then no signal comes.
    return getppid() == (pid_t)expected_parent ? 0 : 1;
}

int consentrender_pipe(int fds[2]) {
    return pipe2(fds, O_CLOEXEC);
}

int consentrender_anonymous_file(char *path_template) {
    int descriptor = mkostemp(path_template, O_CLOEXEC);
    if (descriptor >= 0) {
        unlink(path_template);
    }
    return descriptor;
}

pid_t consentrender_spawn_ending_with_parent(const char *path, char *const argv[], int input, int output, int errors) {
    pid_t parent = getpid();
    pid_t child = fork();
    if (child != 0) {
        return child;  // the child's id, or -1 with errno
    }
    // In the child, only async-signal-safe calls until exec: the parent may have other threads.
    if (prctl(PR_SET_PDEATHSIG, SIGKILL) != 0 || getppid() != parent) {
        _exit(126);
    }
    // A group of its own: Ctrl-C at a terminal (sent to the whole foreground group) reaches only
    // the parent, which stops the program itself, in order, after it has begun its own stop.
    setpgid(0, 0);
    if (dup2(input, STDIN_FILENO) < 0 || dup2(output, STDOUT_FILENO) < 0 || dup2(errors, STDERR_FILENO) < 0) {
        _exit(126);
    }
    // No other descriptor of the parent's reaches the program: a pipe end another child holds
    // open would keep its reader from ever seeing the end of its input.
    close_range(3, ~0U, 0);
    execv(path, argv);
    _exit(127);
}

int consentrender_use_one_malloc_arena(void) {
    return mallopt(M_ARENA_MAX, 1);
}

int consentrender_set_default_thread_stack(size_t bytes) {
    pthread_attr_t attributes;
    if (pthread_attr_init(&attributes) != 0) {
        return -1;
    }
    int status = pthread_attr_setstacksize(&attributes, bytes);
    if (status == 0) {
        status = pthread_setattr_default_np(&attributes);
    }
    pthread_attr_destroy(&attributes);
    return status;
}

int consentrender_address_space_available(size_t bytes) {
    void *trial = mmap(NULL, bytes, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (trial == MAP_FAILED) {
        return 0;
    }
    munmap(trial, bytes);
    return 1;
}

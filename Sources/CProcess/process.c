#define _GNU_SOURCE
#include "CProcess.h"

#include <fcntl.h>
#include <stdlib.h>

#include <signal.h>
#include <sys/prctl.h>
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

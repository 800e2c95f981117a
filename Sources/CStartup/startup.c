#include "CStartup.h"

#include <signal.h>
#include <string.h>
#include <unistd.h>

// render-cli takes SIGINT and SIGTERM on a thread of its own (main.swift) and exits 130 or 143
// after removing the files being written. Until that thread waits, a stop would take the default
// action: the process would die by the signal, with no message and no clean-up. An executable's
// .preinit_array runs right after the dynamic loader has mapped and relocated the program (about
// a millisecond), before any shared library's initialisers (the Swift runtime, Foundation, ICU,
// GLib: most of the start-up), so the stop signals are blocked here and stay pending until
// main.swift's thread takes them.
static int blocked_at_start = 0;

static void block_stop_signals(int argc, char **argv, char **envp) {
    // Only in render-cli itself: a test bundle that links this target keeps the mask it was given
    // (its children, python or ffmpeg, would inherit blocked stop signals).
    if (argc < 1 || argv == NULL || argv[0] == NULL) return;
    const char *name = strrchr(argv[0], '/');
    name = name ? name + 1 : argv[0];
    if (strcmp(name, "render-cli") != 0) return;
    sigset_t stop;
    sigemptyset(&stop);
    sigaddset(&stop, SIGINT);
    sigaddset(&stop, SIGTERM);
    if (sigprocmask(SIG_BLOCK, &stop, NULL) == 0) blocked_at_start = 1;
    // Test-only (issue 34): a stop that arrives right now, before any library has initialised (sent to
    // the process, as a kill or Ctrl-C is, not to this thread).
    // (From envp: libc's environ is not set up yet this early.)
    for (char **entry = envp; entry != NULL && *entry != NULL; entry++) {
        if (strcmp(*entry, "CONSENTRENDER_STOP_AT_START=1") == 0) kill(getpid(), SIGINT);
    }
}

__attribute__((section(".preinit_array"), used))
static void (*const preinit_block_stop_signals)(int, char **, char **) = block_stop_signals;

int consentrender_stop_signals_blocked_at_start(void) {
    return blocked_at_start;
}

#ifndef CONSENTRENDER_CSTARTUP_H
#define CONSENTRENDER_CSTARTUP_H
/// Whether the stop signals (SIGINT, SIGTERM) were blocked before any library initialised, by the
/// `.preinit_array` entry of this target: 1 in render-cli, 0 in any other program it is linked
/// into (a test bundle), which keeps the signal mask it was given. With CONSENTRENDER_STOP_AT_START=1
/// (tests) render-cli sends itself SIGINT right after blocking them.
int consentrender_stop_signals_blocked_at_start(void);
#endif

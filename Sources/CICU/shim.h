// ICU's C API (Debian: libicu-dev). Swift does not import it directly: its names are renamed by
// macros to versioned symbols (ubrk_open → ubrk_open_72), so only CICUShim includes this.
#include <unicode/ubrk.h>
#include <unicode/ubidi.h>

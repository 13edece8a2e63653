#include "pngshim.h"
#include <png.h>
int hf_png_shim_version(void) { return PNG_LIBPNG_VER; }

#ifndef HOLOFRAME_PNGSHIM_H
#define HOLOFRAME_PNGSHIM_H
// Placeholder; the libpng setjmp shim is written in the PNG work.
int hf_png_shim_version(void);
#endif

// Intel ISA-L (Debian libisal-dev): igzip deflate, and the CRC-32 / Adler-32 the PNG writer uses.
#include <isa-l/igzip_lib.h>
#include <isa-l/crc.h>

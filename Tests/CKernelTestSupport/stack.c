#include "kerneltestsupport.h"

__attribute__((noinline)) static void scribble(volatile uint16_t *area, uint16_t word, size_t words) {
    for (size_t i = 0; i < words; i++) area[i] = word;
}

void hf_test_scribble_stack(uint16_t word, size_t bytes) {
    if (bytes > 256 * 1024) bytes = 256 * 1024;
    volatile uint16_t *area = __builtin_alloca(bytes);
    scribble(area, word, bytes / 2);
}

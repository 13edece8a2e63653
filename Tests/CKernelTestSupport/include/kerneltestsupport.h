// C the tests need and the shipping targets do not: linked only into test targets (Package.swift).
// The kernels' own test entry points are declared in CKernelTestHooks, beside the kernels they run.
#ifndef HOLOFRAME_KERNELTESTSUPPORT_H
#define HOLOFRAME_KERNELTESTSUPPORT_H

#include <stddef.h>
#include <stdint.h>

/// Writes the 16-bit `word` over about `bytes` (at most 256 KiB) of stack below the caller's frame
/// and returns, so that a call made right after it finds that garbage in its own locals. The tests
/// use it to hold hf_isal_deflate_stripe to bytes that do not depend on what the stack held before.
void hf_test_scribble_stack(uint16_t word, size_t bytes);

#endif

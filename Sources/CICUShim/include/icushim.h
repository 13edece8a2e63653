// Plain C entry points over ICU for HoloText (LineBreaking.swift).
//
// ICU's C functions are macros for versioned names (ubrk_open is ubrk_open_72 in ICU 72), which
// Swift's importer does not see; these wrappers have fixed names and take plain arrays, so Swift
// calls them without knowing ICU's version. All text is UTF-16, all offsets UTF-16 code units.
#ifndef HOLO_ICU_SHIM_H
#define HOLO_ICU_SHIM_H

#include <stdint.h>

/// Line-break opportunities of `text` by the Unicode line breaking algorithm (UAX #14, ICU's
/// line iterator, root locale): the offsets after which a line may end, in increasing order,
/// 0 excluded and `length` included (a non-empty text always ends in one). `hard[i]` is 1 where
/// the break is mandatory (after a newline or paragraph separator). Writes at most `capacity`
/// entries (capacity ≥ length suffices) and returns how many there are, or -1 when ICU fails.
int32_t holo_line_breaks(const uint16_t *text, int32_t length, int32_t *offsets, uint8_t *hard, int32_t capacity);

/// Bidirectional runs of the line text[lineStart..<lineLimit] inside the paragraph `text` (UAX #9,
/// ICU's ubidi), in visual order, left to right: `starts` and `lengths` in UTF-16 offsets of
/// `text`, `rtl[i]` 1 for a right-to-left run. `paragraphLevel`: 0 left-to-right, 1 right-to-left,
/// or -1 to take it from the first strong character (LTR when there is none). `resolvedLevel`
/// (may be null) receives the paragraph's level. Returns the run count, or -1 when ICU fails
/// or `capacity` is too small (capacity ≥ line length suffices).
int32_t holo_bidi_runs(const uint16_t *text, int32_t length, int32_t paragraphLevel,
                       int32_t lineStart, int32_t lineLimit,
                       int32_t *starts, int32_t *lengths, uint8_t *rtl, int32_t capacity, int32_t *resolvedLevel);

/// The version of the ICU this process runs with, e.g. "72.1" (u_getVersion), written into
/// `out` (at most `capacity` bytes, NUL-terminated).
void holo_icu_version(char *out, int32_t capacity);

#endif

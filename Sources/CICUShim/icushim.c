// See include/icushim.h.
#include "icushim.h"
#include <unicode/ubrk.h>
#include <unicode/ubidi.h>
#include <unicode/uversion.h>
#include <string.h>

int32_t holo_line_breaks(const uint16_t *text, int32_t length, int32_t *offsets, uint8_t *hard, int32_t capacity) {
    if (length <= 0) return 0;
    UErrorCode status = U_ZERO_ERROR;
    UBreakIterator *it = ubrk_open(UBRK_LINE, "", (const UChar *)text, length, &status);
    if (U_FAILURE(status) || it == NULL) return -1;
    int32_t count = 0;
    for (int32_t b = ubrk_following(it, 0); b != UBRK_DONE; b = ubrk_next(it)) {
        if (count >= capacity) { ubrk_close(it); return -1; }
        int32_t rule = ubrk_getRuleStatus(it);
        offsets[count] = b;
        hard[count] = (rule >= UBRK_LINE_HARD && rule < UBRK_LINE_HARD_LIMIT) ? 1 : 0;
        count++;
    }
    ubrk_close(it);
    return count;
}

int32_t holo_bidi_runs(const uint16_t *text, int32_t length, int32_t paragraphLevel,
                       int32_t lineStart, int32_t lineLimit,
                       int32_t *starts, int32_t *lengths, uint8_t *rtl, int32_t capacity, int32_t *resolvedLevel) {
    if (lineStart < 0 || lineLimit > length || lineStart > lineLimit) return -1;
    if (lineStart == lineLimit) { if (resolvedLevel) *resolvedLevel = paragraphLevel < 0 ? 0 : paragraphLevel; return 0; }
    UErrorCode status = U_ZERO_ERROR;
    UBiDi *para = ubidi_openSized(length, 0, &status);
    UBiDi *line = ubidi_openSized(lineLimit - lineStart, 0, &status);
    int32_t count = -1;
    if (U_FAILURE(status) || para == NULL || line == NULL) goto done;
    UBiDiLevel level = paragraphLevel < 0 ? UBIDI_DEFAULT_LTR : (UBiDiLevel)paragraphLevel;
    ubidi_setPara(para, (const UChar *)text, length, level, NULL, &status);
    if (U_FAILURE(status)) goto done;
    if (resolvedLevel) *resolvedLevel = ubidi_getParaLevel(para);
    ubidi_setLine(para, lineStart, lineLimit, line, &status);
    if (U_FAILURE(status)) goto done;
    int32_t runs = ubidi_countRuns(line, &status);
    if (U_FAILURE(status) || runs > capacity) goto done;
    for (int32_t i = 0; i < runs; i++) {
        int32_t start = 0, len = 0;
        UBiDiDirection d = ubidi_getVisualRun(line, i, &start, &len);
        starts[i] = lineStart + start;
        lengths[i] = len;
        rtl[i] = d == UBIDI_RTL ? 1 : 0;
    }
    count = runs;
done:
    if (line) ubidi_close(line);
    if (para) ubidi_close(para);
    return count;
}

void holo_icu_version(char *out, int32_t capacity) {
    if (capacity <= 0) return;
    UVersionInfo version;
    char text[U_MAX_VERSION_STRING_LENGTH];
    u_getVersion(version);
    u_versionToString(version, text);
    strncpy(out, text, (size_t)capacity - 1);
    out[capacity - 1] = 0;
}

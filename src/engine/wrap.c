/* Text broken between words into lines of a width, for the command line and the sheets.
 */
#include "config.h"

#include "engine/wrap.h"

#include <string.h>

/* Whether the byte continues a UTF-8 character. */
static int continues(char c)
{
	return ((unsigned char)c & 0xC0) == 0x80;
}

size_t wrap_columns(const char *s, size_t len)
{
	size_t cols = 0;

	for (size_t i = 0; i < len && s[i]; i++)
		cols += !continues(s[i]);
	return cols;
}

size_t wrap_cut(const char *text, size_t width)
{
	size_t len = strlen(text), cols = 0, cut = 0, i;

	if (wrap_columns(text, len) <= width)
		return len;
	/* The last blank with the words before it within the width. */
	for (i = 0; i < len; i++) {
		if (text[i] == ' ' && cols <= width && i > 0)
			cut = i;
		cols += !continues(text[i]);
		if (cols > width + 1)
			break;
	}
	if (cut)
		return cut;
	/* A word longer than the line: whole characters up to the edge. */
	for (i = 0, cols = 0; i < len; i++) {
		if (!continues(text[i]) && cols == (width ? width : 1))
			break;
		cols += !continues(text[i]);
	}
	return i;
}

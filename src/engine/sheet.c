/* Boards drawn on an SVG sheet, ready for slides and handouts. */
#include "config.h"

#include "sheet.h"

#include <string.h>

#include "board.h"

/* Sizes in user units: a board is n squares of CELL with its labels round it. */
#define LABEL 14
#define CAPTION_LINES 3
#define LINE_H 14
#define CAPTION (CAPTION_LINES * LINE_H + 6)
#define GAP 24
/* A caption's character at 12 px takes about this many units, on average. */
#define CHAR_W 7

/* Writes text with the five characters XML reserves escaped. */
static void put_text(FILE *out, const char *s)
{
	for (; *s; s++) {
		switch (*s) {
		case '&':
			fputs("&amp;", out);
			break;
		case '<':
			fputs("&lt;", out);
			break;
		case '>':
			fputs("&gt;", out);
			break;
		case '"':
			fputs("&quot;", out);
			break;
		case '\'':
			fputs("&apos;", out);
			break;
		default:
			/* Control characters are not allowed in XML 1.0. */
			if ((unsigned char)*s >= 0x20 || *s == '\t')
				fputc(*s, out);
			break;
		}
	}
}

/*
 * A caption under its board, broken between words into lines as wide as
 * the board; what does not fit in CAPTION_LINES ends with an ellipsis.
 */
static void put_caption(const struct sheet *sh, int x, int y, const char *text)
{
	size_t per = (size_t)(sh->board_w / CHAR_W), len = strlen(text);
	char line[256];

	fprintf(sh->out, "<text class=\"c\" x=\"%d\" y=\"%d\">", x, y);
	for (int k = 0; k < CAPTION_LINES && len > 0; k++) {
		size_t cut = len;

		if (per >= sizeof line)
			per = sizeof line - 4;
		if (cut > per) {
			cut = per;
			while (cut > 0 && text[cut] != ' ')
				cut--;
			if (cut == 0)
				cut = per;
		}
		memcpy(line, text, cut);
		line[cut] = '\0';
		if (k == CAPTION_LINES - 1 && cut < len)
			snprintf(line + (cut > 3 ? cut - 3 : 0), 4, "...");
		fprintf(sh->out, "<tspan x=\"%d\" dy=\"%d\">", x, k ? LINE_H : 0);
		put_text(sh->out, line);
		fputs("</tspan>", sh->out);
		text += cut;
		len -= cut;
		while (*text == ' ') {
			text++;
			len--;
		}
	}
	fputs("</text>\n", sh->out);
}

int sheet_begin(struct sheet *sh, FILE *out, int n, int count, const char *title)
{
	int rows, width, height, top;

	if (n < 1 || n > SHEET_MAX_N || count < 1 || count > SHEET_MAX_BOARDS)
		return -1;
	sh->out = out;
	sh->n = n;
	sh->count = count;
	sh->drawn = 0;
	/* Boards of about the same size on the page whatever n is. */
	sh->cell = n <= 8 ? 24 : n <= 16 ? 16 : n <= 32 ? 10 : 6;
	sh->board_w = LABEL + n * sh->cell;
	sh->board_h = n * sh->cell + LABEL + CAPTION;
	sh->cols = count < 4 ? count : count <= 12 ? 4 : 6;
	rows = (count + sh->cols - 1) / sh->cols;
	top = sh->top = title ? 40 : GAP;
	width = GAP + sh->cols * (sh->board_w + GAP);
	height = top + rows * (sh->board_h + GAP);
	fprintf(out,
	        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
	        "<svg xmlns=\"http://www.w3.org/2000/svg\" "
	        "xmlns:xlink=\"http://www.w3.org/1999/xlink\" version=\"1.1\" "
	        "width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" "
	        "font-family=\"sans-serif\">\n",
	        width, height, width, height);
	fputs("<style>.l{fill:#f0d9b5}.d{fill:#b58863}.m{fill:#e05050}"
	      ".q{fill:#202020;stroke:#f8f8f8;stroke-width:0.05}"
	      ".t{font-size:11px;fill:#404040}.c{font-size:12px;fill:#202020}"
	      ".h{font-size:18px;font-weight:bold;fill:#202020}</style>\n",
	      out);
	fprintf(out, "<rect width=\"%d\" height=\"%d\" fill=\"#ffffff\"/>\n", width,
	        height);
	if (title) {
		fprintf(out, "<text class=\"h\" x=\"%d\" y=\"26\">", GAP);
		put_text(out, title);
		fputs("</text>\n", out);
	}
	/* One queen shape, drawn in a square of side 1 and scaled to each. */
	fputs("<defs><path id=\"queen\" d=\"M0.2 0.82 L0.8 0.82 L0.76 0.7 L0.86 0.28 "
	      "L0.66 0.52 L0.5 0.18 L0.34 0.52 L0.14 0.28 L0.24 0.7 Z\"/></defs>\n",
	      out);
	return 0;
}

void sheet_board(struct sheet *sh, const struct square *queens, size_t count,
                 const bool *marked, const char *caption)
{
	FILE *out = sh->out;
	int n = sh->n, c = sh->cell;
	int col = sh->drawn % sh->cols, row = sh->drawn / sh->cols;
	int x0 = GAP + col * (sh->board_w + GAP) + LABEL;
	int y0 = sh->top + row * (sh->board_h + GAP);
	char name[16];

	if (sh->drawn >= sh->count)
		return;
	sh->drawn++;
	fprintf(out, "<g>\n");
	for (int f = 0; f < n; f++) {
		for (int r = 0; r < n; r++) {
			bool mark = marked && marked[f * n + r];

			/* a1 is a dark square, as on a chessboard. */
			fprintf(out,
			        "<rect class=\"%s\" x=\"%d\" y=\"%d\" width=\"%d\" "
			        "height=\"%d\"/>\n",
			        mark               ? "m"
			        : (f + r) % 2 == 0 ? "d"
			                           : "l",
			        x0 + f * c, y0 + (n - 1 - r) * c, c, c);
		}
	}
	for (size_t i = 0; i < count; i++)
		if (queens[i].file >= 0 && queens[i].file < n && queens[i].rank >= 0 &&
		    queens[i].rank < n)
			fprintf(out,
			        "<use xlink:href=\"#queen\" class=\"q\" "
			        "transform=\"translate(%d %d) scale(%d)\"/>\n",
			        x0 + queens[i].file * c,
			        y0 + (n - 1 - queens[i].rank) * c, c);
	/* Rank numbers on the left, file letters below. */
	for (int r = 0; r < n; r++)
		fprintf(out,
		        "<text class=\"t\" x=\"%d\" y=\"%d\" "
		        "text-anchor=\"end\">%d</text>\n",
		        x0 - 3, y0 + (n - 1 - r) * c + c / 2 + 4, r + 1);
	for (int f = 0; f < n; f++) {
		board_file_name(f, name, sizeof name);
		fprintf(out,
		        "<text class=\"t\" x=\"%d\" y=\"%d\" "
		        "text-anchor=\"middle\">%s</text>\n",
		        x0 + f * c + c / 2, y0 + n * c + LABEL - 2, name);
	}
	if (caption && *caption)
		put_caption(sh, x0 - LABEL, y0 + n * c + LABEL + LINE_H + 2, caption);
	fputs("</g>\n", out);
}

int sheet_end(struct sheet *sh)
{
	fputs("</svg>\n", sh->out);
	return ferror(sh->out) ? -1 : 0;
}

void sheet_ranks(struct sheet *sh, const int *ranks, const char *caption)
{
	struct square q[SHEET_MAX_N];
	size_t count = 0;

	for (int f = 0; f < sh->n; f++)
		if (ranks[f] >= 0)
			q[count++] = (struct square){f, ranks[f]};
	sheet_board(sh, q, count, NULL, caption);
}

/* What a screen's reply leads to, followed the same way by the app and a lesson. */
#include "config.h"

#include "tui/screen.h"

enum screen_reply screen_follow(const struct screen_host *h, enum screen_reply r,
                                const struct screen_open *o)
{
	switch (r) {
	case SCREEN_OPEN:
		if (!h->open)
			return r;
		h->open(h->ctx, o);
		break;
	case SCREEN_CLOSE:
		if (!h->close)
			return r;
		h->close(h->ctx);
		break;
	case SCREEN_REPLACE:
		if (!h->replace)
			return r;
		h->replace(h->ctx, o);
		break;
	case SCREEN_QUIT:
	case SCREEN_FAIL:
		if (!h->quit)
			return r;
		h->quit(h->ctx, r == SCREEN_FAIL ? o->error : NULL);
		break;
	default:
		break;
	}
	return SCREEN_STAY;
}

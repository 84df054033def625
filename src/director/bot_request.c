/*
 * bot_request.c - a bot decision as plain data, computed anywhere: the
 * seat's view travels with the request and the bot's generator is seeded
 * from the request alone, so a worker thread gives the answer the caller's
 * thread would have given, bit for bit.
 */
#include <stdlib.h>
#include <string.h>

#include "director_impl.h"

void ad_bot_request_run(const ad_bot_request *rq, ad_bot_answer *out)
{
    ad_rng r;
    ad_bot_opts o = rq->think;
    /* field by field, not memset: on the playouts' path err's text is dead weight */
    out->err.code = AD_OK;
    out->err.text[0] = 0;
    out->id = rq->id;
    out->seat = rq->seat;
    ad_rng_seed(&r, rq->seed);
    out->rc = ad_bot_choose_opts(rq->g, rq->view, rq->seat, rq->level, &o, &r, &out->action,
                                 &out->err);
    out->react_ms = out->rc == 0 ? o.react_ms : 0;
    out->sims_done = o.sims_done;
}

void ad_bot_request_free(ad_bot_request *rq)
{
    if (!rq)
        return;
    free(rq->view);
    rq->view = NULL;
}

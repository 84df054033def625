/*
 * json_pool.h - jansson's small blocks kept for reuse on the server's loop
 * thread (json_pool.c), for the cost of an action's trees.
 */
#ifndef AD_SERVER_JSON_POOL_H
#define AD_SERVER_JSON_POOL_H

/* From the loop thread, before any tree is made: jansson's blocks then
 * come from, and go back to, the pool. */
void ad_json_pool_use(void);
/* Gives the blocks kept back to malloc (before malloc_trim). */
void ad_json_pool_trim(void);
/* The blocks kept now (for the tests). */
unsigned ad_json_pool_kept(void);

#endif

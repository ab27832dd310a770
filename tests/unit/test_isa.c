/* SPDX-License-Identifier: MIT */
/* Reading IGC's ISA listings (src/intel/isa.c): two real listings of hist_lanes checked in
 * under tests/fixtures/isa/ (Xe-LP's data-port sends, tgllp; Xe-HPC's load/store unit, pvc;
 * written by ocloc 22.43 with IGC_ShaderDumpEnable=1, the //.declare lines left out),
 * and small listings written here, one behaviour each. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include <zeslm/isa.h>

#ifndef ISA_FIXTURES
#error "ISA_FIXTURES: the folder of the checked-in listings"
#endif

static zeslm_isa_kernel parse(const char *text)
{
    zeslm_isa_kernel k;
    if (zeslm_isa_parse(text, strlen(text), &k) != ZESLM_OK)
        fail_msg("%s", zeslm_last_error());
    return k;
}

#define COUNT(mix, cls, m, b)                                      \
    do {                                                           \
        assert_int_equal((mix).c[ZESLM_ISA_##cls].messages, (m)); \
        assert_int_equal((mix).c[ZESLM_ISA_##cls].bytes, (b));    \
    } while (0)

/* hist_lanes: the main loop loads two uint4 a lane (2 messages of 16 lanes x 16 bytes
 * on tgllp, of 32 lanes on pvc) and counts their 32 bytes with 32 SLM atomic
 * increments; 56 increments in all (grep -c "atomic int32 integer increment" and
 * "atomic_iinc.slm" on the files say so too). */
static void hist_lanes_listings_give_their_mix_and_loops(void **state)
{
    (void)state;
    zeslm_isa_kernel *k;
    size_t n;
    if (zeslm_isa_read_dir(ISA_FIXTURES, &k, &n) != ZESLM_OK)
        fail_msg("%s", zeslm_last_error());
    assert_int_equal(n, 2);
    /* In name order: pvc's, then tgllp's; the SIMD width from the file name. */
    const zeslm_isa_kernel *pvc = &k[0], *tgl = &k[1];
    assert_string_equal(pvc->name, "hist_lanes");
    assert_string_equal(tgl->name, "hist_lanes");
    assert_int_equal(pvc->simd, 32);
    assert_int_equal(tgl->simd, 16);

    COUNT(tgl->total, SLM_ATOMIC, 56, 56 * 16 * 4);
    COUNT(tgl->total, BARRIER, 2, 0);
    COUNT(tgl->total, FENCE, 4, 0); /* two SLM fences, two global ones before the end */
    assert_int_equal(tgl->n_loops, 3);
    COUNT(tgl->loops[1], SLM_ATOMIC, 32, 32 * 16 * 4);
    COUNT(tgl->loops[1], GLOBAL_LOAD, 2, 2 * 16 * 16);
    COUNT(tgl->loops[1], SLM_LOAD, 0, 0);
    COUNT(tgl->loops[0], SLM_STORE, 1, 16 * 4); /* zeroing the lanes' bins */
    COUNT(tgl->loops[2], GLOBAL_ATOMIC, 2, 2 * 8 * 4); /* a64 atomics go 8 lanes a message */

    COUNT(pvc->total, SLM_ATOMIC, 56, 56 * 32 * 4);
    COUNT(pvc->total, BARRIER, 2, 0); /* the end of thread, also a gateway message, is not one */
    COUNT(pvc->total, FENCE, 2, 0);
    assert_int_equal(pvc->n_loops, 3);
    COUNT(pvc->loops[1], SLM_ATOMIC, 32, 32 * 32 * 4);
    COUNT(pvc->loops[1], GLOBAL_LOAD, 2, 2 * 32 * 16);
    /* The prologue's argument loads are transposed: global block reads. */
    assert_int_equal(pvc->total.c[ZESLM_ISA_BLOCK_READ].messages, 4);
    assert_int_equal(pvc->loops[1].c[ZESLM_ISA_BLOCK_READ].messages, 0);
    free(k);
}

/* Xe-LP: the binding table index 254 in the descriptor's low byte is SLM. */
static void dataport_sends_split_by_binding_table_index(void **state)
{
    (void)state;
    zeslm_isa_kernel k = parse(
        "//.kernel k\n"
        "        send.dc1 (16|M0)  r10 r2 null 0x0 0x04205EFE {$1} // wr:2+0, rd:2; untyped surface read with x // $1\n"
        "        send.dc1 (16|M0)  r10 r2 null 0x0 0x04805000 {$1} // wr:2+0, rd:8; untyped surface read with xyzw // $2\n"
        "        send.dc1 (16|M0)  null r2 r8 0x80 0x04025EFE {$1} // wr:2+2, rd:0; untyped surface write with x // $3\n"
        "(W)     send.dc0 (8|M0)   r2 r98 null 0x0 0x0219E0FE {$1} // wr:1h+0, rd:1; synchronized SLM fence // $4\n"
        "(W)     send.dc0 (8|M0)   r1 r127 null 0x0 0x022843FD {$1} // wr:1h+0, rd:2; oword aligned block read x4 // $5\n"
        "        send.dc0 (16|M0)  r9 r8 null 0x0 0x02110801 {$8} // wr:1+0, rd:1; byte gathering read 8b // $6\n"
        "        add (16|M0)  r4.0<1>:d  r4.0<1;1,0>:d  1:w\n");
    COUNT(k.total, SLM_LOAD, 1, 16 * 4);
    COUNT(k.total, GLOBAL_LOAD, 2, 16 * 16 + 16 * 1);
    COUNT(k.total, SLM_STORE, 1, 16 * 4);
    COUNT(k.total, FENCE, 1, 0);
    COUNT(k.total, BLOCK_READ, 1, 4 * 16);
    COUNT(k.total, ALU, 1, 0);
    assert_int_equal(k.n_loops, 0);
}

/* Gen9 and Gen11: plain `send`/`sends`, the data port named in the comment. */
static void gen9_sends_name_their_port_in_the_comment(void **state)
{
    (void)state;
    zeslm_isa_kernel k = parse(
        "//.kernel k\n"
        "        sends (16|M0)   null:w r20 r24 0x8C 0x04025EFE // wr:2+2, rd:0; hdc.dc1; untyped surface write with x // $16\n"
        "        send (16|M0)    r33:w r20 0xC 0x04205EFE // wr:2+0, rd:2; hdc.dc1; untyped surface read with x // $29\n"
        "        sends (16|M0)   null:w r42 r38 0x8C 0x04025E00 // wr:2+2, rd:0; hdc.dc1; untyped surface write with x // $47\n"
        "(W)     send (1|M0)     null r28 0x3 0x02000004 // wr:1+0, rd:0; gateway; signal barrier // $20\n");
    COUNT(k.total, SLM_STORE, 1, 16 * 4);
    COUNT(k.total, SLM_LOAD, 1, 16 * 4);
    COUNT(k.total, GLOBAL_STORE, 1, 16 * 4);
    COUNT(k.total, BARRIER, 1, 0);
    COUNT(k.total, ALU, 0, 0);
}

/* Xe-HPG/HPC: the space is the mnemonic's second word; `t`, transposed, is one lane's
 * run: a block read of global memory, a plain load of SLM. */
static void load_store_unit_messages_by_space_and_shape(void **state)
{
    (void)state;
    zeslm_isa_kernel k = parse(
        "//.kernel k\n"
        "        load.ugm.d32x16t.a32.ca.ca (1|M0)  r3:1 bti[255][r127:1]  {A@1,$1} // ex_desc:0xFF000000; desc:0x6218D500 // $1\n"
        "(W)     load.slm.d32x4t.a32 (1|M0)  r7:1  [r4:1]  {I@1,$15} // ex_desc:0x0; desc:0x210B500 // $2\n"
        "        load.ugm.d8u32.a64 (16|M0)  r20:2  [r12:4]  {A@1,$10} // ex_desc:0x0; desc:0x8803580 // $3\n"
        "        store.slm.d32x2.a32 (16|M0)  [r2:2]  r8:4  {A@1,$4} // ex_desc:0x0; desc:0x40E0504 // $4\n"
        "        atomic_iinc.slm.d32.a32 (16|M0)  null:0 [r2:2]  null:0  {$10} // ex_desc:0x0; desc:0x4000508 // $5\n"
        "        atomic_iadd.ugm.d64.a64 (16|M0)  null:0 [r2:4]  r8:4  {$10} // ex_desc:0x0; desc:0x4000508 // $6\n"
        "(W)     send.slm (1|M0)  r2 r96 null:0 0x0 0x0210011F {$5} // wr:1+0, rd:1; fence.slm.none.group // $7\n"
        "(W)     send.gtwy (1|M0)  null r3 null:0 0x0 0x02000004 {A@2,$6} // wr:1+0, rd:0; signal barrier // $8\n"
        "(W)     sync.bar                             null                          // $8\n");
    COUNT(k.total, BLOCK_READ, 1, 64);
    COUNT(k.total, SLM_LOAD, 1, 16);
    COUNT(k.total, GLOBAL_LOAD, 1, 16);
    COUNT(k.total, SLM_STORE, 1, 16 * 8);
    COUNT(k.total, SLM_ATOMIC, 1, 16 * 4);
    COUNT(k.total, GLOBAL_ATOMIC, 1, 16 * 8);
    COUNT(k.total, FENCE, 1, 0);
    COUNT(k.total, BARRIER, 1, 0);
    COUNT(k.total, ALU, 0, 0); /* sync.bar is the barrier's wait, not work */
}

/* A loop is a label and a branch back to it; only the innermost are kept, once each
 * however many branches go back to their head. */
static void only_innermost_loops_are_kept(void **state)
{
    (void)state;
    zeslm_isa_kernel k = parse("//.kernel nested\n"
                               "_outer:\n"
                               "        add (16|M0)  r4.0<1>:d  r4.0<1;1,0>:d  1:w\n"
                               "_inner:\n"
                               "        mul (16|M0)  r5.0<1>:d  r5.0<1;1,0>:d  3:w\n"
                               "        mul (16|M0)  r6.0<1>:d  r5.0<1;1,0>:d  3:w\n"
                               "(f0.0)  goto.b (16|M0)  _after  _inner  // $1\n"
                               "(W)     jmpi  _inner  // $2\n"
                               "_after:\n"
                               "        while (16|M0)  _outer  // $3\n"
                               "(~f0.0) goto (16|M0)  _end  _end  // $4\n"
                               "_end:\n"
                               "        add (16|M0)  r4.0<1>:d  r4.0<1;1,0>:d  1:w\n");
    assert_int_equal(k.n_loops, 1);
    assert_int_equal(k.loops[0].first_line, 5);
    assert_int_equal(k.loops[0].last_line, 8);
    COUNT(k.loops[0], ALU, 2, 0);
    COUNT(k.total, ALU, 4, 0);
}

static void what_is_not_a_listing_is_an_error(void **state)
{
    (void)state;
    zeslm_isa_kernel k;
    static const char *const bad[] = {"", "\n\n", "add (16|M0) r1 r2 r3\n", "//.kernel k\n// nothing\n",
                                      "//.kernel k\n_label:\n", "\x01\x02\xff (((( //.kernel"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        assert_int_equal(zeslm_isa_parse(bad[i], strlen(bad[i]), &k), ZESLM_ERR_INVALID_ARG);
    char name[300] = "//.kernel ";
    memset(name + 10, 'a', 200);
    strcat(name, "\n  add (1|M0) r1 r2 r3\n");
    assert_int_equal(zeslm_isa_parse(name, strlen(name), &k), ZESLM_ERR_INVALID_ARG);
    /* Text that stops mid-line is read to its length, never past it. */
    static const char cut[] = "//.kernel k\n        send.dc1 (16|M0)  r10 r2 null 0x0 0x04205EFE {$1} // wr:2+0, rd:2; untyped surface re";
    assert_int_equal(zeslm_isa_parse(cut, sizeof cut - 1, &k), ZESLM_OK);
    /* Nor past a text that ends inside a mnemonic or a descriptor with no NUL after it
     * (a heap copy of exactly its length, so that AddressSanitizer sees any overread;
     * libFuzzer found the first). */
    static const char *const ends[] = {"//.kernel k\n  atomic_iinc.sl", "//.kernel k\n  send.dc", "//.kernel k\n  sen",
                                       "//.kernel k\n  send.dc1 (16|M0) r1 r2 null 0x0 0x0420"};
    for (size_t i = 0; i < sizeof ends / sizeof ends[0]; i++) {
        size_t len = strlen(ends[i]);
        char *exact = malloc(len);
        assert_non_null(exact);
        memcpy(exact, ends[i], len);
        zeslm_isa_parse(exact, len, &k);
        free(exact);
    }
    size_t n;
    zeslm_isa_kernel *none;
    assert_int_equal(zeslm_isa_read_dir(ISA_FIXTURES "/no-such-folder", &none, &n), ZESLM_ERR_IO);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(hist_lanes_listings_give_their_mix_and_loops),
        cmocka_unit_test(dataport_sends_split_by_binding_table_index),
        cmocka_unit_test(gen9_sends_name_their_port_in_the_comment),
        cmocka_unit_test(load_store_unit_messages_by_space_and_shape),
        cmocka_unit_test(only_innermost_loops_are_kept),
        cmocka_unit_test(what_is_not_a_listing_is_an_error),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

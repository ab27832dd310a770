//.kernel hist_lanes
//.platform PVCXT
//.thread_config numGRF=128, numAcc=4, numSWSB=16
//.options_string ""
// cross_thread_prolog:
(W)     and (1|M0)               r127.0<1>:ud  r0.0<0;1,0>:ud    0xFFFFFFC0:ud              {$1.src} // 
        load.ugm.d32x32t.a32.ca.ca (1|M0)  r4:2 bti[255][r127:1]   {I@1,$2} // ex_desc:0xFF000000; desc:0x6228E500 // $449
// B002: Preds:{B001},  Succs:{B003, B006}
// _main:
(W)     or (1|M0)                cr0.0<1>:ud   cr0.0<0;1,0>:ud   0x4C0:uw              {Compacted,A@1} // $1
        cmp (32|M0)   (lt)f3.0   null<2>:uw    r1.0<1;1,0>:uw    0x2000:uw              {A@1,$0.dst} // $3
        mov (32|M0)              r102.0<1>:d   r1.0<1;1,0>:uw                                        // $2
(~f3.0) goto (32|M0)                         _0_028            _0_028                                // $4
// B003: [inDivergent],  Preds:{B002},  Succs:{B004}
_0_029:
        mov (32|M0)              r104.0<1>:f   r102.0<1;1,0>:f                  {Compacted,I@2}      // $6
// B004: [inDivergent],  Preds:{B005, B003},  Succs:{B005, B006}
_0_030:
        sync.nop                             null                             {Compacted,F@1}        // $8
        shl (32|M0)              r2.0<1>:d     r104.0<1;1,0>:d   2:w               {Compacted,$1.dst} // $8
        add (32|M0)              r106.0<1>:d   r104.0<1;1,0>:d   r5.5<0;1,0>:d    {$2.dst}           // $12
        sync.nop                             null                             {Compacted,I@2}        // $9
        add (32|M0)              r6.0<1>:d     r2.0<1;1,0>:d     268435456:d               {$3.src}  // $9
        cmp (32|M0)   (lt)f3.0   null<1>:ud    r106.0<1;1,0>:ud  0x2000:uw              {I@2}        // $13
        mov (32|M0)              r8.0<1>:d     0:w                               {Compacted}         // $10
        store.slm.d32.a32 (32|M0)  [r6:2]       r8:2               {A@1,$3} // ex_desc:0x0; desc:0x4000504 // $11
(~f3.0) goto (32|M0)                         _0_028            _0_028                                // $14
// B005: [inDivergent],  Preds:{B004},  Succs:{B004}
_0_031:
        mov (32|M0)              r104.0<1>:f   r106.0<1;1,0>:f                  {Compacted}          // $16
(W)     jmpi                                 _0_030                                                  // $17
// B006: Preds:{B004, B002},  Succs:{B007, B009}
_0_028:
        join (32|M0)                         L376                                                    // 
L376:
(W)     send.slm (1|M0)          r2       r0      null:0  0x0            0x0210011F           {$4} // wr:1+0, rd:1; fence.slm.none.group // $19
(W)     mov (1|M0)               r3.2<1>:f     0x0:f                               {Compacted,$1.dst} //  (0x00000000:f); $20
(W)     mov (2|M0)               r3.10<1>:ub   r0.11<0;1,0>:ub                  {F@1}                // $20
(W)     mov (8|M0)               null<1>:ud    r2.0<1;1,0>:ud                   {Compacted,$4.dst}   //  memory fence commit; $20
(W)     send.gtwy (1|M0)         null     r3      null:0  0x0            0x02000004           {I@2,$5} // wr:1+0, rd:0; signal barrier // $20
(W)     sync.bar                             0x0                                 {Compacted}         // $20
(W)     mul (1|M0)               acc0.0<1>:d   r5.8<0;1,0>:d     r0.2<0;1,0>:uw   {Compacted,$2.dst} // $25
(W)     macl (1|M0)              r7.0<1>:d     r5.8<0;1,0>:d     r0.1<0;1,0>:d    {Compacted,$3.src} // $26
(W)     mov (1|M0)               r5.0<1>:q     r5.2<0;1,0>:ud                                        // $29
        add3 (32|M0)             r110.0<1>:d   r7.0<0;0>:d       r102.0<1;0>:d     r4.0<0>:d        {Compacted,I@2} // $26
        mov (16|M0)              r8.0<2>:ud    r110.0<1;1,0>:ud                 {Compacted,I@1}      // $28
        mov (16|M16)             r10.0<2>:ud   r111.0<1;1,0>:ud                 {Compacted}          // $28
        mov (16|M0)              r114.0<1>:q   r8.0<2;1,0>:ud                   {I@2}                // $28
        mov (16|M16)             r116.0<1>:q   r10.0<2;1,0>:ud                  {I@2}                // $28
        add (16|M0)              r118.0<1>:q   r114.0<1;1,0>:q   r5.0<0;1,0>:q    {Compacted,I@2}    // $30
        add (16|M16)             r120.0<1>:q   r116.0<1;1,0>:q   r5.0<0;1,0>:q    {Compacted,I@2}    // $30
(W)     shr (1|M0)               r4.15<1>:d    r4.14<0;1,0>:ud   1:w                                 // $27
        mov (16|M0)              r12.0<1>:d    r118.0<2;1,0>:d                  {Compacted,I@3}      // $31
        mov (16|M16)             r13.0<1>:d    r120.0<2;1,0>:d                  {Compacted,I@3}      // $32
        cmp (32|M0)   (lt)f1.0   null<1>:ud    r12.0<1;1,0>:ud   r4.15<0;1,0>:ud  {I@1}              // $35
        shl (32|M0)              r6.0<1>:w     r1.0<1;1,0>:w     2:w                                 // $21
        mov (16|M0)              r14.0<1>:d    r118.1<2;1,0>:d                  {Compacted}          // $33
        mov (16|M16)             r15.0<1>:d    r120.1<2;1,0>:d                  {Compacted}          // $34
(f1.0)  cmp (32|M0)   (eq)f1.0   null<1>:d     r14.0<1;1,0>:d    0:w               {I@1}             // $36
        and (32|M0)              r6.0<1>:w     r6.0<1;1,0>:w     124:w                               // $22
        or (32|M0)               r108.0<1>:d   r6.0<1;1,0>:uw    268435456:d               {I@1}     // $24
(W)     mov (1|M0)               r5.11<1>:d    32640:w                                               // $38
(~f1.0) goto (32|M0)                         _0_032            _0_032                                // $39
// B007: [inDivergent],  Preds:{B006},  Succs:{B008}
_0_033:
(W)     shl (1|M0)               r5.6<1>:q     r5.0<0;1,0>:q     1:w                                 // $41
// B008: [inDivergent],  Preds:{B008, B007},  Succs:{B009, B008}
_0_034:
        shl (16|M0)              r2.0<1>:q     r114.0<1;1,0>:q   4:w               {Compacted,$5.src} // $43
        shl (16|M16)             r6.0<1>:q     r116.0<1;1,0>:q   4:w               {Compacted,$7.src} // $43
        sync.nop                             null                             {Compacted,I@2}        // $44
        add (16|M0)              r12.0<1>:q    r2.0<1;1,0>:q     r4.4<0;1,0>:q    {Compacted,$4.src} // $44
        sync.nop                             null                             {Compacted,I@2}        // $44
        add (16|M16)             r14.0<1>:q    r6.0<1;1,0>:q     r4.4<0;1,0>:q    {Compacted,$13.src} // $44
        sync.allrd                           ($2,$5,$15)                                             // $45
        load.ugm.d32x4.a64 (32|M0)  r20:8       [r12:4]            {A@1,$10} // ex_desc:0x0; desc:0x8803580 // $45
        shl (16|M0)              r8.0<1>:q     r118.0<1;1,0>:q   4:w               {Compacted,$9.src} // $46
        shl (16|M16)             r10.0<1>:q    r120.0<1;1,0>:q   4:w               {Compacted,$12.src} // $46
        sync.nop                             null                             {Compacted,I@2}        // $47
        add (16|M0)              r16.0<1>:q    r8.0<1;1,0>:q     r4.4<0;1,0>:q    {Compacted,$6.src} // $47
        sync.nop                             null                             {Compacted,I@2}        // $47
        add (16|M16)             r18.0<1>:q    r10.0<1;1,0>:q    r4.4<0;1,0>:q    {Compacted,$1.src} // $47
        sync.allrd                           ($0,$8,$11)                 {Compacted}                 // $48
        load.ugm.d32x4.a64 (32|M0)  r28:8       [r16:4]            {A@1,$14} // ex_desc:0x0; desc:0x8803580 // $48
        add (16|M0)              r114.0<1>:q   r114.0<1;1,0>:q   r5.6<0;1,0>:q    {Compacted}        // $145
        add (16|M16)             r116.0<1>:q   r116.0<1;1,0>:q   r5.6<0;1,0>:q    {Compacted}        // $145
        add (16|M0)              r118.0<1>:q   r114.0<1;1,0>:q   r5.0<0;1,0>:q    {Compacted,I@2}    // $146
        add (16|M16)             r120.0<1>:q   r116.0<1;1,0>:q   r5.0<0;1,0>:q    {Compacted,I@2}    // $146
        sync.nop                             null                             {Compacted,I@2}        // $147
        mov (16|M0)              r36.0<1>:d    r118.0<2;1,0>:d                  {Compacted,$3.src}   // $147
        mov (16|M16)             r37.0<1>:d    r120.0<2;1,0>:d                  {Compacted,I@2}      // $148
        cmp (32|M0)   (lt)f0.0   null<1>:ud    r36.0<1;1,0>:ud   r4.15<0;1,0>:ud  {I@1}              // $151 R{} IR{}{E:2,E:2,},  R{r4,} IR{} {BC=1}
        mov (16|M0)              r38.0<1>:d    r118.1<2;1,0>:d                  {Compacted,$1.src}   // $149
        mov (16|M16)             r39.0<1>:d    r120.1<2;1,0>:d                  {Compacted}          // $150
(f0.0)  cmp (32|M0)   (eq)f0.0   null<1>:d     r38.0<1;1,0>:d    0:w               {I@1}             // $152

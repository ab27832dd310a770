//.kernel hist_lanes
//.platform PVCXT
//.thread_config numGRF=128, numAcc=4, numSWSB=16
//.options_string ""
//.full_options "-emitLocation -forceAssignRhysicalReg "" -hasRNEandDenorm -noStitchExternFunc -crossThreadDataAlignment 32 -linker 0 -lscEnableImmOffsFor 196638 -preserver0 -TotalGRFNum 128 -abortOnSpill 4 -boundsChecking -presched-ctrl 6 -presched-rp 100 -nodpsendreorder -SBIDDepLoc -output -binary -dumpcommonisa -shaderDumpFilter "" -dumpvisa -printHexFloatInAsm -noverifyCISA -enableHalfLSC -hasInt64Add -partialInt64 "
//.instCount 532
//.RA type	LOCAL_ROUND_ROBIN_RA


// .inputs
// +----------+----------+--------+----------+------------+
// | id       | type     |  bytes | at       | class      |
// +----------+----------+--------+----------+------------+
// | V0044    | :w x 32  |     64 | r1       | general    |
// | V0045    | :w x 32  |     64 | r2       | general    |
// | V0046    | :w x 32  |     64 | r3       | general    |
// | V0040    | :d x 8   |     32 | r4       | general    |
// | V0034    | :uq      |      8 | r4+32    | general    |
// | V0035    | :uq      |      8 | r4+40    | general    |
// | V0037    | :uq      |      8 | r4+48    | general    |
// | V0036    | :d       |      4 | r4+56    | general    |
// | V0047    | :uq      |      8 | r5       | general    |
// | V0041    | :d x 3   |     12 | r5+8     | general    |
// | V0042    | :d x 3   |     12 | r5+20    | general    |
// | V0043    | :d x 3   |     12 | r5+32    | general    |
// +----------+----------+--------+----------+------------+


// B000: Preds:{},  Succs:{B001}
per_thread_prolog:
(W)     mov (16|M0)              r127.0<1>:ud  0x0:ud                                                // 
(W)     and (1|M0)               r127.2<1>:ud  r0.0<0;1,0>:ud    0xFFFFFFC0:ud                       // 
(W)     and (1|M0)               r127.0<1>:uw  r0.4<0;1,0>:uw    0xFF:uw                             // 
(W)     add (1|M0)               r127.2<1>:ud  r127.2<0;1,0>:ud  0x80:uw              {I@2}          // 
(W)     mad (1|M0)               r127.0<1>:ud  r127.2<0;0>:ud    r127.0<0;0>:uw    0xC0:uw              {I@1} // 
        load.ugm.d32x32t.a32.ca.ca (1|M0)  r1:2 bti[255][r127:1]   {A@1,$0} // ex_desc:0xFF000000; desc:0x6228E500 // $449
(W)     add (1|M0)               r127.0<1>:ud  r127.0<0;1,0>:ud  0x80:uw              {$0.src}       // 
        load.ugm.d32x16t.a32.ca.ca (1|M0)  r3:1 bti[255][r127:1]   {A@1,$1} // ex_desc:0xFF000000; desc:0x6218D500 // $449
// B001: Preds:{B000},  Succs:{B002}
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
        shl (32|M0)              r40.0<1>:d    r20.0<1;1,0>:d    7:w               {Compacted,$10.dst} // $49
        shr (32|M0)              r42.0<1>:d    r20.0<1;1,0>:ud   1:w               {$12.src}         // $52
        shr (32|M0)              r44.0<1>:d    r20.0<1;1,0>:ud   9:w               {$4.src}          // $55
        shr (32|M0)              r46.0<1>:d    r20.0<1;1,0>:ud   17:w               {$9.src}         // $58
        bfn.(s0&s1|s2) (32|M0)   r6.0<1>:ud    r40.0<1;0>:ud     r5.11<0;0>:ud     r108.0<1>:ud     {I@4} // $50
        shl (32|M0)              r48.0<1>:d    r22.0<1;1,0>:d    7:w               {Compacted,$14.src} // $61
        bfn.(s0&s1|s2) (32|M0)   r8.0<1>:ud    r42.0<1;0>:ud     r5.11<0;0>:ud     r108.0<1>:ud     {I@5} // $53
        atomic_iinc.slm.d32.a32 (32|M0)  null:0 [r6:2]            null:0             {I@3,$7} // ex_desc:0x0; desc:0x4000508 // $51
        shr (32|M0)              r50.0<1>:d    r22.0<1;1,0>:ud   1:w                                 // $64
        bfn.(s0&s1|s2) (32|M0)   r10.0<1>:ud   r44.0<1;0>:ud     r5.11<0;0>:ud     r108.0<1>:ud      // $56 R{} IR{}{E:6,O:2,E:6,},  R{r5,} IR{}{O:6,O:6,},  {BC=2}
        atomic_iinc.slm.d32.a32 (32|M0)  null:0 [r8:2]            null:0             {I@3,$9} // ex_desc:0x0; desc:0x4000508 // $54
        shr (32|M0)              r52.0<1>:d    r22.0<1;1,0>:ud   9:w               {$7.src}          // $67
        bfn.(s0&s1|s2) (32|M0)   r12.0<1>:ud   r46.0<1;0>:ud     r5.11<0;0>:ud     r108.0<1>:ud      // $59
        atomic_iinc.slm.d32.a32 (32|M0)  null:0 [r10:2]           null:0             {I@3,$12} // ex_desc:0x0; desc:0x4000508 // $57
        shr (32|M0)              r54.0<1>:d    r22.0<1;1,0>:ud   17:w               {$13.src}        // $70
        bfn.(s0&s1|s2) (32|M0)   r14.0<1>:ud   r48.0<1;0>:ud     r5.11<0;0>:ud     r108.0<1>:ud      // $62
        atomic_iinc.slm.d32.a32 (32|M0)  null:0 [r12:2]           null:0             {I@3,$4} // ex_desc:0x0; desc:0x4000508 // $60
        shl (32|M0)              r56.0<1>:d    r24.0<1;1,0>:d    7:w               {Compacted}       // $73
        bfn.(s0&s1|s2) (32|M0)   r16.0<1>:ud   r50.0<1;0>:ud     r5.11<0;0>:ud     r108.0<1>:ud     {$14.src} // $65
        atomic_iinc.slm.d32.a32 (32|M0)  null:0 [r14:2]           null:0             {I@3,$13} // ex_desc:0x0; desc:0x4000508 // $63
        shr (32|M0)              r58.0<1>:d    r24.0<1;1,0>:ud   1:w               {$6.src}          // $76
        bfn.(s0&s1|s2) (32|M0)   r18.0<1>:ud   r52.0<1;0>:ud     r5.11<0;0>:ud     r108.0<1>:ud      // $68
        atomic_iinc.slm.d32.a32 (32|M0)  null:0 [r16:2]           null:0             {I@3,$6} // ex_desc:0x0; desc:0x4000508 // $66
        shr (32|M0)              r60.0<1>:d    r24.0<1;1,0>:ud   9:w               {$10.src}         // $79
        bfn.(s0&s1|s2) (32|M0)   r20.0<1>:ud   r54.0<1;0>:ud     r5.11<0;0>:ud     r108.0<1>:ud      // $71
        atomic_iinc.slm.d32.a32 (32|M0)  null:0 [r18:2]           null:0             {I@3,$1} // ex_desc:0x0; desc:0x4000508 // $69
        shr (32|M0)              r62.0<1>:d    r24.0<1;1,0>:ud   17:w                                // $82
        bfn.(s0&s1|s2) (32|M0)   r22.0<1>:ud   r56.0<1;0>:ud     r5.11<0;0>:ud     r108.0<1>:ud      // $74
        atomic_iinc.slm.d32.a32 (32|M0)  null:0 [r20:2]           null:0             {I@3,$15} // ex_desc:0x0; desc:0x4000508 // $72
        shl (32|M0)              r64.0<1>:d    r26.0<1;1,0>:d    7:w               {Compacted}       // $85
        shr (32|M0)              r66.0<1>:d    r26.0<1;1,0>:ud   1:w                                 // $88
        shr (32|M0)              r68.0<1>:d    r26.0<1;1,0>:ud   9:w                                 // $91
        shr (32|M0)              r70.0<1>:d    r26.0<1;1,0>:ud   17:w                                // $94
        bfn.(s0&s1|s2) (32|M0)   r24.0<1>:ud   r58.0<1;0>:ud     r5.11<0;0>:ud     r108.0<1>:ud      // $77
        atomic_iinc.slm.d32.a32 (32|M0)  null:0 [r22:2]           null:0             {I@6,$5} // ex_desc:0x0; desc:0x4000508 // $75
        shl (32|M0)              r72.0<1>:d    r28.0<1;1,0>:d    7:w               {Compacted,$14.dst} // $97
        shr (32|M0)              r74.0<1>:d    r28.0<1;1,0>:ud   1:w                                 // $100
        shr (32|M0)              r76.0<1>:d    r28.0<1;1,0>:ud   9:w                                 // $103
        shr (32|M0)              r78.0<1>:d    r28.0<1;1,0>:ud   17:w                                // $106
        bfn.(s0&s1|s2) (32|M0)   r26.0<1>:ud   r60.0<1;0>:ud     r5.11<0;0>:ud     r108.0<1>:ud      // $80
        atomic_iinc.slm.d32.a32 (32|M0)  null:0 [r24:2]           null:0             {I@6,$2} // ex_desc:0x0; desc:0x4000508 // $78
        shl (32|M0)              r80.0<1>:d    r30.0<1;1,0>:d    7:w               {Compacted}       // $109
        shr (32|M0)              r82.0<1>:d    r30.0<1;1,0>:ud   1:w                                 // $112
        shr (32|M0)              r84.0<1>:d    r30.0<1;1,0>:ud   9:w                                 // $115
        shr (32|M0)              r86.0<1>:d    r30.0<1;1,0>:ud   17:w                                // $118
        bfn.(s0&s1|s2) (32|M0)   r28.0<1>:ud   r62.0<1;0>:ud     r5.11<0;0>:ud     r108.0<1>:ud      // $83
        atomic_iinc.slm.d32.a32 (32|M0)  null:0 [r26:2]           null:0             {I@6,$10} // ex_desc:0x0; desc:0x4000508 // $81
        shl (32|M0)              r88.0<1>:d    r32.0<1;1,0>:d    7:w               {Compacted}       // $121
        shr (32|M0)              r90.0<1>:d    r32.0<1;1,0>:ud   1:w                                 // $124
        shr (32|M0)              r92.0<1>:d    r32.0<1;1,0>:ud   9:w                                 // $127
        shr (32|M0)              r94.0<1>:d    r32.0<1;1,0>:ud   17:w                                // $130
        bfn.(s0&s1|s2) (32|M0)   r30.0<1>:ud   r64.0<1;0>:ud     r5.11<0;0>:ud     r108.0<1>:ud      // $86
        atomic_iinc.slm.d32.a32 (32|M0)  null:0 [r28:2]           null:0             {I@6,$14} // ex_desc:0x0; desc:0x4000508 // $84
        shl (32|M0)              r96.0<1>:d    r34.0<1;1,0>:d    7:w               {Compacted}       // $133
        shr (32|M0)              r98.0<1>:d    r34.0<1;1,0>:ud   1:w                                 // $136
        shr (32|M0)              r100.0<1>:d   r34.0<1;1,0>:ud   9:w                                 // $139
        shr (32|M0)              r2.0<1>:d     r34.0<1;1,0>:ud   17:w                                // $142
        bfn.(s0&s1|s2) (32|M0)   r32.0<1>:ud   r66.0<1;0>:ud     r5.11<0;0>:ud     r108.0<1>:ud      // $89
        atomic_iinc.slm.d32.a32 (32|M0)  null:0 [r30:2]           null:0             {I@6,$8} // ex_desc:0x0; desc:0x4000508 // $87
        bfn.(s0&s1|s2) (32|M0)   r34.0<1>:ud   r68.0<1;0>:ud     r5.11<0;0>:ud     r108.0<1>:ud      // $92
        atomic_iinc.slm.d32.a32 (32|M0)  null:0 [r32:2]           null:0             {I@2,$11} // ex_desc:0x0; desc:0x4000508 // $90
        bfn.(s0&s1|s2) (32|M0)   r36.0<1>:ud   r70.0<1;0>:ud     r5.11<0;0>:ud     r108.0<1>:ud      // $95
        atomic_iinc.slm.d32.a32 (32|M0)  null:0 [r34:2]           null:0             {I@2,$0} // ex_desc:0x0; desc:0x4000508 // $93
        bfn.(s0&s1|s2) (32|M0)   r38.0<1>:ud   r72.0<1;0>:ud     r5.11<0;0>:ud     r108.0<1>:ud      // $98
        atomic_iinc.slm.d32.a32 (32|M0)  null:0 [r36:2]           null:0             {I@2,$3} // ex_desc:0x0; desc:0x4000508 // $96
        bfn.(s0&s1|s2) (32|M0)   r40.0<1>:ud   r74.0<1;0>:ud     r5.11<0;0>:ud     r108.0<1>:ud      // $101
        atomic_iinc.slm.d32.a32 (32|M0)  null:0 [r38:2]           null:0             {I@2,$1} // ex_desc:0x0; desc:0x4000508 // $99
        bfn.(s0&s1|s2) (32|M0)   r42.0<1>:ud   r76.0<1;0>:ud     r5.11<0;0>:ud     r108.0<1>:ud      // $104 R{} IR{}{E:6,O:2,E:6,},  R{r5,} IR{}{O:6,O:6,},  {BC=2}
        atomic_iinc.slm.d32.a32 (32|M0)  null:0 [r40:2]           null:0             {I@2,$5} // ex_desc:0x0; desc:0x4000508 // $102
        bfn.(s0&s1|s2) (32|M0)   r44.0<1>:ud   r78.0<1;0>:ud     r5.11<0;0>:ud     r108.0<1>:ud      // $107
        atomic_iinc.slm.d32.a32 (32|M0)  null:0 [r42:2]           null:0             {I@2,$12} // ex_desc:0x0; desc:0x4000508 // $105
        bfn.(s0&s1|s2) (32|M0)   r46.0<1>:ud   r80.0<1;0>:ud     r5.11<0;0>:ud     r108.0<1>:ud      // $110
        atomic_iinc.slm.d32.a32 (32|M0)  null:0 [r44:2]           null:0             {I@2,$4} // ex_desc:0x0; desc:0x4000508 // $108
        bfn.(s0&s1|s2) (32|M0)   r48.0<1>:ud   r82.0<1;0>:ud     r5.11<0;0>:ud     r108.0<1>:ud      // $113
        atomic_iinc.slm.d32.a32 (32|M0)  null:0 [r46:2]           null:0             {I@2,$9} // ex_desc:0x0; desc:0x4000508 // $111
        bfn.(s0&s1|s2) (32|M0)   r50.0<1>:ud   r84.0<1;0>:ud     r5.11<0;0>:ud     r108.0<1>:ud      // $116
        atomic_iinc.slm.d32.a32 (32|M0)  null:0 [r48:2]           null:0             {I@2,$14} // ex_desc:0x0; desc:0x4000508 // $114
        bfn.(s0&s1|s2) (32|M0)   r52.0<1>:ud   r86.0<1;0>:ud     r5.11<0;0>:ud     r108.0<1>:ud      // $119
        atomic_iinc.slm.d32.a32 (32|M0)  null:0 [r50:2]           null:0             {I@2,$11} // ex_desc:0x0; desc:0x4000508 // $117
        bfn.(s0&s1|s2) (32|M0)   r54.0<1>:ud   r88.0<1;0>:ud     r5.11<0;0>:ud     r108.0<1>:ud      // $122
        atomic_iinc.slm.d32.a32 (32|M0)  null:0 [r52:2]           null:0             {I@2,$7} // ex_desc:0x0; desc:0x4000508 // $120
        bfn.(s0&s1|s2) (32|M0)   r56.0<1>:ud   r90.0<1;0>:ud     r5.11<0;0>:ud     r108.0<1>:ud      // $125
        atomic_iinc.slm.d32.a32 (32|M0)  null:0 [r54:2]           null:0             {I@2,$13} // ex_desc:0x0; desc:0x4000508 // $123
        bfn.(s0&s1|s2) (32|M0)   r58.0<1>:ud   r92.0<1;0>:ud     r5.11<0;0>:ud     r108.0<1>:ud      // $128
        atomic_iinc.slm.d32.a32 (32|M0)  null:0 [r56:2]           null:0             {I@2,$2} // ex_desc:0x0; desc:0x4000508 // $126
        bfn.(s0&s1|s2) (32|M0)   r60.0<1>:ud   r94.0<1;0>:ud     r5.11<0;0>:ud     r108.0<1>:ud      // $131
        atomic_iinc.slm.d32.a32 (32|M0)  null:0 [r58:2]           null:0             {I@2,$6} // ex_desc:0x0; desc:0x4000508 // $129
        bfn.(s0&s1|s2) (32|M0)   r62.0<1>:ud   r96.0<1;0>:ud     r5.11<0;0>:ud     r108.0<1>:ud      // $134
        atomic_iinc.slm.d32.a32 (32|M0)  null:0 [r60:2]           null:0             {I@2,$10} // ex_desc:0x0; desc:0x4000508 // $132
        bfn.(s0&s1|s2) (32|M0)   r64.0<1>:ud   r98.0<1;0>:ud     r5.11<0;0>:ud     r108.0<1>:ud      // $137
        atomic_iinc.slm.d32.a32 (32|M0)  null:0 [r62:2]           null:0             {I@2,$15} // ex_desc:0x0; desc:0x4000508 // $135
        bfn.(s0&s1|s2) (32|M0)   r66.0<1>:ud   r100.0<1;0>:ud    r5.11<0;0>:ud     r108.0<1>:ud      // $140
        atomic_iinc.slm.d32.a32 (32|M0)  null:0 [r64:2]           null:0             {I@2,$0} // ex_desc:0x0; desc:0x4000508 // $138
        bfn.(s0&s1|s2) (32|M0)   r68.0<1>:ud   r2.0<1;0>:ud      r5.11<0;0>:ud     r108.0<1>:ud      // $143
        atomic_iinc.slm.d32.a32 (32|M0)  null:0 [r66:2]           null:0             {I@2,$8} // ex_desc:0x0; desc:0x4000508 // $141
        atomic_iinc.slm.d32.a32 (32|M0)  null:0 [r68:2]           null:0             {I@1,$11} // ex_desc:0x0; desc:0x4000508 // $144
(f0.0)  goto.b (32|M0)                       _0_032            _0_034                                // $154
// B009: Preds:{B008, B006},  Succs:{B010, B011}
_0_032:
        join (32|M0)                         L2488                                                   // 
L2488:
        mov (16|M0)              r2.0<1>:d     r114.0<2;1,0>:d                  {Compacted}          // $156
        mov (16|M16)             r3.0<1>:d     r116.0<2;1,0>:d                  {Compacted,$5.src}   // $157
        cmp (32|M0)   (lt)f0.0   null<1>:ud    r2.0<1;1,0>:ud    r4.15<0;1,0>:ud  {I@1}              // $160
        mov (16|M0)              r6.0<1>:d     r114.1<2;1,0>:d                  {Compacted,$7.src}   // $158
        mov (16|M16)             r7.0<1>:d     r116.1<2;1,0>:d                  {Compacted}          // $159
(f0.0)  cmp (32|M0)   (eq)f0.0   null<1>:d     r6.0<1;1,0>:d     0:w               {I@1}             // $161
(~f0.0) goto (32|M0)                         _0_035            _0_035                                // $163
// B010: [inDivergent],  Preds:{B009},  Succs:{B011}
_0_036:
        shl (16|M0)              r2.0<1>:q     r114.0<1;1,0>:q   4:w               {Compacted}       // $165
        shl (16|M16)             r6.0<1>:q     r116.0<1;1,0>:q   4:w               {Compacted}       // $165
        sync.nop                             null                             {Compacted,I@2}        // $166
        add (16|M0)              r8.0<1>:q     r2.0<1;1,0>:q     r4.4<0;1,0>:q    {Compacted,$9.src} // $166
        sync.nop                             null                             {Compacted,I@2}        // $166
        add (16|M16)             r10.0<1>:q    r6.0<1;1,0>:q     r4.4<0;1,0>:q    {Compacted,$12.src} // $166
        sync.allrd                           ($1,$4,$6,$13)                                          // $167
        load.ugm.d32x4.a64 (32|M0)  r12:8       [r8:4]             {A@1,$3} // ex_desc:0x0; desc:0x8803580 // $167
        sync.nop                             null                             {Compacted,$15.src}    // $168
        shl (32|M0)              r20.0<1>:d    r12.0<1;1,0>:d    7:w               {Compacted,$3.dst} // $168
        shr (32|M0)              r22.0<1>:d    r12.0<1;1,0>:ud   1:w               {$5.src}          // $171
        shr (32|M0)              r24.0<1>:d    r12.0<1;1,0>:ud   9:w               {$2.src}          // $174
        shr (32|M0)              r26.0<1>:d    r12.0<1;1,0>:ud   17:w               {$10.src}        // $177
        sync.nop                             null                             {Compacted,I@4}        // $169
        bfn.(s0&s1|s2) (32|M0)   r52.0<1>:ud   r20.0<1;0>:ud     r5.11<0;0>:ud     r108.0<1>:ud     {$7.src} // $169
        shl (32|M0)              r28.0<1>:d    r14.0<1;1,0>:d    7:w               {Compacted,$14.src} // $180
        bfn.(s0&s1|s2) (32|M0)   r54.0<1>:ud   r22.0<1;0>:ud     r5.11<0;0>:ud     r108.0<1>:ud     {I@5} // $172
        atomic_iinc.slm.d32.a32 (32|M0)  null:0 [r52:2]           null:0             {I@3,$1} // ex_desc:0x0; desc:0x4000508 // $170
        shr (32|M0)              r30.0<1>:d    r14.0<1;1,0>:ud   1:w               {$8.src}          // $183
        bfn.(s0&s1|s2) (32|M0)   r56.0<1>:ud   r24.0<1;0>:ud     r5.11<0;0>:ud     r108.0<1>:ud      // $175
        atomic_iinc.slm.d32.a32 (32|M0)  null:0 [r54:2]           null:0             {I@3,$5} // ex_desc:0x0; desc:0x4000508 // $173
        shr (32|M0)              r32.0<1>:d    r14.0<1;1,0>:ud   9:w               {$11.src}         // $186
        bfn.(s0&s1|s2) (32|M0)   r58.0<1>:ud   r26.0<1;0>:ud     r5.11<0;0>:ud     r108.0<1>:ud      // $178
        atomic_iinc.slm.d32.a32 (32|M0)  null:0 [r56:2]           null:0             {I@3,$12} // ex_desc:0x0; desc:0x4000508 // $176
        shr (32|M0)              r34.0<1>:d    r14.0<1;1,0>:ud   17:w               {$0.src}         // $189
        bfn.(s0&s1|s2) (32|M0)   r60.0<1>:ud   r28.0<1;0>:ud     r5.11<0;0>:ud     r108.0<1>:ud      // $181
        atomic_iinc.slm.d32.a32 (32|M0)  null:0 [r58:2]           null:0             {I@3,$4} // ex_desc:0x0; desc:0x4000508 // $179
        shl (32|M0)              r36.0<1>:d    r16.0<1;1,0>:d    7:w               {Compacted,$3.src} // $192
        bfn.(s0&s1|s2) (32|M0)   r62.0<1>:ud   r30.0<1;0>:ud     r5.11<0;0>:ud     r108.0<1>:ud      // $184
        atomic_iinc.slm.d32.a32 (32|M0)  null:0 [r60:2]           null:0             {I@3,$9} // ex_desc:0x0; desc:0x4000508 // $182
        shr (32|M0)              r38.0<1>:d    r16.0<1;1,0>:ud   1:w                                 // $195
        bfn.(s0&s1|s2) (32|M0)   r64.0<1>:ud   r32.0<1;0>:ud     r5.11<0;0>:ud     r108.0<1>:ud      // $187
        atomic_iinc.slm.d32.a32 (32|M0)  null:0 [r62:2]           null:0             {I@3,$14} // ex_desc:0x0; desc:0x4000508 // $185
        shr (32|M0)              r40.0<1>:d    r16.0<1;1,0>:ud   9:w                                 // $198
        bfn.(s0&s1|s2) (32|M0)   r66.0<1>:ud   r34.0<1;0>:ud     r5.11<0;0>:ud     r108.0<1>:ud      // $190
        atomic_iinc.slm.d32.a32 (32|M0)  null:0 [r64:2]           null:0             {I@3,$7} // ex_desc:0x0; desc:0x4000508 // $188
        shr (32|M0)              r42.0<1>:d    r16.0<1;1,0>:ud   17:w                                // $201
        bfn.(s0&s1|s2) (32|M0)   r68.0<1>:ud   r36.0<1;0>:ud     r5.11<0;0>:ud     r108.0<1>:ud      // $193
        atomic_iinc.slm.d32.a32 (32|M0)  null:0 [r66:2]           null:0             {I@3,$13} // ex_desc:0x0; desc:0x4000508 // $191
        shl (32|M0)              r44.0<1>:d    r18.0<1;1,0>:d    7:w               {Compacted}       // $204
        bfn.(s0&s1|s2) (32|M0)   r70.0<1>:ud   r38.0<1;0>:ud     r5.11<0;0>:ud     r108.0<1>:ud      // $196
        atomic_iinc.slm.d32.a32 (32|M0)  null:0 [r68:2]           null:0             {I@3,$2} // ex_desc:0x0; desc:0x4000508 // $194
        shr (32|M0)              r46.0<1>:d    r18.0<1;1,0>:ud   1:w                                 // $207
        bfn.(s0&s1|s2) (32|M0)   r72.0<1>:ud   r40.0<1;0>:ud     r5.11<0;0>:ud     r108.0<1>:ud      // $199
        atomic_iinc.slm.d32.a32 (32|M0)  null:0 [r70:2]           null:0             {I@3,$6} // ex_desc:0x0; desc:0x4000508 // $197
        shr (32|M0)              r48.0<1>:d    r18.0<1;1,0>:ud   9:w                                 // $210
        bfn.(s0&s1|s2) (32|M0)   r74.0<1>:ud   r42.0<1;0>:ud     r5.11<0;0>:ud     r108.0<1>:ud      // $202
        atomic_iinc.slm.d32.a32 (32|M0)  null:0 [r72:2]           null:0             {I@3,$10} // ex_desc:0x0; desc:0x4000508 // $200
        shr (32|M0)              r50.0<1>:d    r18.0<1;1,0>:ud   17:w               {$11.src}        // $213
        bfn.(s0&s1|s2) (32|M0)   r76.0<1>:ud   r44.0<1;0>:ud     r5.11<0;0>:ud     r108.0<1>:ud      // $205 R{} IR{}{E:6,O:2,E:6,},  R{r5,} IR{}{O:6,O:6,},  {BC=2}
        atomic_iinc.slm.d32.a32 (32|M0)  null:0 [r74:2]           null:0             {I@3,$15} // ex_desc:0x0; desc:0x4000508 // $203
        bfn.(s0&s1|s2) (32|M0)   r78.0<1>:ud   r46.0<1;0>:ud     r5.11<0;0>:ud     r108.0<1>:ud      // $208
        atomic_iinc.slm.d32.a32 (32|M0)  null:0 [r76:2]           null:0             {I@2,$0} // ex_desc:0x0; desc:0x4000508 // $206
        bfn.(s0&s1|s2) (32|M0)   r80.0<1>:ud   r48.0<1;0>:ud     r5.11<0;0>:ud     r108.0<1>:ud      // $211
        atomic_iinc.slm.d32.a32 (32|M0)  null:0 [r78:2]           null:0             {I@2,$8} // ex_desc:0x0; desc:0x4000508 // $209
        bfn.(s0&s1|s2) (32|M0)   r82.0<1>:ud   r50.0<1;0>:ud     r5.11<0;0>:ud     r108.0<1>:ud      // $214
        atomic_iinc.slm.d32.a32 (32|M0)  null:0 [r80:2]           null:0             {I@2,$11} // ex_desc:0x0; desc:0x4000508 // $212
        atomic_iinc.slm.d32.a32 (32|M0)  null:0 [r82:2]           null:0             {I@1,$1} // ex_desc:0x0; desc:0x4000508 // $215
// B011: Preds:{B010, B009},  Succs:{B012, B013}
_0_035:
        join (32|M0)                         L3416                                                   // 
L3416:
(W)     and (1|M0)               r2.0<1>:d     r4.14<0;1,0>:d    1:w                                 // $217
(W)     cmp (1|M0)    (eq)f2.0   r3.0<1>:d     r2.0<0;1,0>:d     0:w               {I@1}             // $218
        cmp (32|M0)   (ne)f2.0   null<1>:d     r110.0<1;1,0>:d   0:w                                 // $219
(~f2.0) sel (32|M0)              r6.0<1>:d     -r3.0<0;1,0>:d    1:w               {I@2}             // $220
        cmp (32|M0)   (ne)f1.0   null<1>:d     r6.0<1;1,0>:d     0:w               {I@1}             // $221
(f1.0)  goto (32|M0)                         _0_037            _0_037                                // $222
// B012: [inDivergent],  Preds:{B011},  Succs:{B013}
_0_038:
(W)     add (1|M0)               r2.0<1>:d     r4.14<0;1,0>:d    -1:w                                // $224
(W)     shl (1|M0)               r3.0<1>:q     r2.0<0;1,0>:ud    3:w               {Compacted,I@1}   // $226
(W)     add (1|M0)               r6.0<1>:q     r3.0<0;1,0>:q     r4.5<0;1,0>:q    {Compacted,I@1}    // $227
(W)     load.ugm.d32x2t.a64 (1|M0)  r7:1        [r6:1]             {I@1,$3} // ex_desc:0x0; desc:0x2109580 // $228
        sync.nop                             null                             {Compacted,$9.src}     // $229
(W)     shl (1|M0)               r8.0<1>:d     r7.0<0;1,0>:d     7:w               {Compacted,$3.dst} // $229
(W)     shr (1|M0)               r9.0<1>:d     r7.0<0;1,0>:ud    1:w                                 // $232
(W)     shr (1|M0)               r10.0<1>:d    r7.0<0;1,0>:ud    9:w               {$12.src}         // $235
        sync.nop                             null                             {Compacted,I@3}        // $230
        bfn.(s0&s1|s2) (32|M0)   r16.0<1>:ud   r8.0<0;0>:ud      r5.11<0;0>:ud     r108.0<1>:ud     {$6.src} // $230
(W)     shr (1|M0)               r11.0<1>:d    r7.0<0;1,0>:ud    17:w                                // $238
        sync.nop                             null                             {Compacted,I@4}        // $233
        bfn.(s0&s1|s2) (32|M0)   r18.0<1>:ud   r9.0<0;0>:ud      r5.11<0;0>:ud     r108.0<1>:ud     {$1.src} // $233
        atomic_iinc.slm.d32.a32 (32|M0)  null:0 [r16:2]           null:0             {I@3,$5} // ex_desc:0x0; desc:0x4000508 // $231
(W)     shl (1|M0)               r12.0<1>:d    r7.1<0;1,0>:d     7:w               {Compacted,$4.src} // $241
        bfn.(s0&s1|s2) (32|M0)   r20.0<1>:ud   r10.0<0;0>:ud     r5.11<0;0>:ud     r108.0<1>:ud     {$15.src} // $236
        atomic_iinc.slm.d32.a32 (32|M0)  null:0 [r18:2]           null:0             {I@3,$12} // ex_desc:0x0; desc:0x4000508 // $234
(W)     shr (1|M0)               r13.0<1>:d    r7.1<0;1,0>:ud    1:w                                 // $244
        bfn.(s0&s1|s2) (32|M0)   r22.0<1>:ud   r11.0<0;0>:ud     r5.11<0;0>:ud     r108.0<1>:ud     {$5.src} // $239
        atomic_iinc.slm.d32.a32 (32|M0)  null:0 [r20:2]           null:0             {I@3,$4} // ex_desc:0x0; desc:0x4000508 // $237
(W)     shr (1|M0)               r14.0<1>:d    r7.1<0;1,0>:ud    9:w               {$13.src}         // $247
        bfn.(s0&s1|s2) (32|M0)   r24.0<1>:ud   r12.0<0;0>:ud     r5.11<0;0>:ud     r108.0<1>:ud     {$2.src} // $242 R{} IR{}{E:6,O:2,E:6,},  R{r12,r5,} IR{} {BC=1}
        atomic_iinc.slm.d32.a32 (32|M0)  null:0 [r22:2]           null:0             {I@3,$9} // ex_desc:0x0; desc:0x4000508 // $240
(W)     shr (1|M0)               r15.0<1>:d    r7.1<0;1,0>:ud    17:w                                // $250
        bfn.(s0&s1|s2) (32|M0)   r26.0<1>:ud   r13.0<0;0>:ud     r5.11<0;0>:ud     r108.0<1>:ud     {$10.src} // $245
        atomic_iinc.slm.d32.a32 (32|M0)  null:0 [r24:2]           null:0             {I@3,$14} // ex_desc:0x0; desc:0x4000508 // $243
        bfn.(s0&s1|s2) (32|M0)   r28.0<1>:ud   r14.0<0;0>:ud     r5.11<0;0>:ud     r108.0<1>:ud     {$14.src} // $248
        atomic_iinc.slm.d32.a32 (32|M0)  null:0 [r26:2]           null:0             {I@2,$7} // ex_desc:0x0; desc:0x4000508 // $246
        bfn.(s0&s1|s2) (32|M0)   r30.0<1>:ud   r15.0<0;0>:ud     r5.11<0;0>:ud     r108.0<1>:ud     {$8.src} // $251
        atomic_iinc.slm.d32.a32 (32|M0)  null:0 [r28:2]           null:0             {I@2,$13} // ex_desc:0x0; desc:0x4000508 // $249
        atomic_iinc.slm.d32.a32 (32|M0)  null:0 [r30:2]           null:0             {I@1,$2} // ex_desc:0x0; desc:0x4000508 // $252
// B013: Preds:{B012, B011},  Succs:{B014, B018}
_0_037:
        join (32|M0)                         L3968                                                   // 
L3968:
(W)     send.slm (1|M0)          r2       r0      null:0  0x0            0x0210011F           {$6} // wr:1+0, rd:1; fence.slm.none.group // $254
(W)     mov (1|M0)               r3.2<1>:f     0x0:f                               {Compacted}       //  (0x00000000:f); $255
(W)     mov (2|M0)               r3.10<1>:ub   r0.11<0;1,0>:ub                  {F@1}                // $255
(W)     mov (8|M0)               null<1>:ud    r2.0<1;1,0>:ud                   {Compacted,$6.dst}   //  memory fence commit; $255
(W)     send.gtwy (1|M0)         null     r3      null:0  0x0            0x02000004           {I@2,$10} // wr:1+0, rd:0; signal barrier // $255
(W)     sync.bar                             0x0                                 {Compacted}         // $255
        cmp (32|M0)   (lt)f0.0   null<2>:uw    r1.0<1;1,0>:uw    0x100:uw                            // $256
(~f0.0) goto (32|M0)                         _0_039            _0_039                                // $257
// B014: [inDivergent],  Preds:{B013},  Succs:{B015}
_0_040:
(W)     mov (1|M0)               r5.14<1>:d    31:w                                                  // $259
// B015: [inDivergent],  Preds:{B017, B014},  Succs:{B016, B017}
_0_041:
        shl (32|M0)              r2.0<1>:d     r102.0<1;1,0>:d   5:w               {Compacted,$10.src} // $261
        add (32|M0)              r6.0<1>:d     r102.0<1;1,0>:d   1:w               {Compacted}       // $266
        add (32|M0)              r8.0<1>:d     r102.0<1;1,0>:d   2:w               {Compacted,$9.src} // $272
        add (32|M0)              r10.0<1>:d    r102.0<1;1,0>:d   3:w               {Compacted,$12.src} // $277
        sync.nop                             null                             {Compacted,I@4}        // $262
        sync.nop                             null                             {Compacted,$15.src}    // $262
        bfn.(s0&s1|s2) (32|M0)   r12.0<1>:ud   r102.0<1;0>:ud    r5.14<0;0>:ud     r2.0<1>:ud       {$4.src} // $262
        sync.nop                             null                             {Compacted,I@4}        // $267
        bfn.(s0&s1|s2) (32|M0)   r14.0<1>:ud   r6.0<1;0>:ud      r5.14<0;0>:ud     r2.0<1>:ud       {$13.src} // $267
        sync.nop                             null                             {Compacted,I@2}        // $263
        sync.nop                             null                             {Compacted,$12.src}    // $263
        shl (32|M0)              r18.0<1>:d    r12.0<1;1,0>:d    2:w               {Compacted,$1.src} // $263
        sync.nop                             null                             {Compacted,I@2}        // $268
        shl (32|M0)              r20.0<1>:d    r14.0<1;1,0>:d    2:w               {Compacted,$4.src} // $268
        sync.nop                             null                             {Compacted,$14.src}    // $283
        add (32|M0)              r24.0<1>:d    r102.0<1;1,0>:d   4:w               {Compacted,$2.src} // $283
        sync.nop                             null                             {Compacted,$7.src}     // $288
        add (32|M0)              r26.0<1>:d    r102.0<1;1,0>:d   5:w               {Compacted,$10.src} // $288
        sync.nop                             null                             {Compacted,$5.src}     // $273
        bfn.(s0&s1|s2) (32|M0)   r16.0<1>:ud   r8.0<1;0>:ud      r5.14<0;0>:ud     r2.0<1>:ud       {$6.src} // $273
        bfn.(s0&s1|s2) (32|M0)   r22.0<1>:ud   r10.0<1;0>:ud     r5.14<0;0>:ud     r2.0<1>:ud       {$9.src} // $278
        sync.nop                             null                             {Compacted,I@6}        // $264
        add (32|M0)              r28.0<1>:d    r18.0<1;1,0>:d    268435456:d               {$13.src} // $264
        sync.nop                             null                             {Compacted,I@6}        // $269
        sync.nop                             null                             {Compacted,$2.src}     // $269
        add (32|M0)              r30.0<1>:d    r20.0<1;1,0>:d    268435456:d               {$8.src}  // $269
        sync.nop                             null                             {Compacted,I@4}        // $274
        shl (32|M0)              r32.0<1>:d    r16.0<1;1,0>:d    2:w               {Compacted,$11.src} // $274
        sync.nop                             null                             {Compacted,I@4}        // $279
        shl (32|M0)              r34.0<1>:d    r22.0<1;1,0>:d    2:w               {Compacted,$0.src} // $279
        add (32|M0)              r40.0<1>:d    r102.0<1;1,0>:d   6:w               {Compacted}       // $294
        add (32|M0)              r42.0<1>:d    r102.0<1;1,0>:d   7:w               {Compacted}       // $299
        bfn.(s0&s1|s2) (32|M0)   r36.0<1>:ud   r24.0<1;0>:ud     r5.14<0;0>:ud     r2.0<1>:ud       {$3.src} // $284
        bfn.(s0&s1|s2) (32|M0)   r38.0<1>:ud   r26.0<1;0>:ud     r5.14<0;0>:ud     r2.0<1>:ud        // $289
        load.slm.d32.a32 (32|M0)  r44:2         [r28:2]            {I@7,$3} // ex_desc:0x0; desc:0x4200500 // $265
        load.slm.d32.a32 (32|M0)  r46:2         [r30:2]            {I@7,$0} // ex_desc:0x0; desc:0x4200500 // $270
        add (32|M0)              r48.0<1>:d    r32.0<1;1,0>:d    268435456:d               {I@6}     // $275
        sync.nop                             null                             {Compacted,I@6}        // $280
        add (32|M0)              r50.0<1>:d    r34.0<1;1,0>:d    268435456:d               {$11.src} // $280
        sync.nop                             null                             {Compacted,I@4}        // $285
        shl (32|M0)              r52.0<1>:d    r36.0<1;1,0>:d    2:w               {Compacted}       // $285
        shl (32|M0)              r54.0<1>:d    r38.0<1;1,0>:d    2:w               {Compacted,I@4}   // $290
        add (32|M0)              r60.0<1>:d    r102.0<1;1,0>:d   8:w               {Compacted}       // $305
        add (32|M0)              r62.0<1>:d    r102.0<1;1,0>:d   9:w               {Compacted}       // $310
        bfn.(s0&s1|s2) (32|M0)   r56.0<1>:ud   r40.0<1;0>:ud     r5.14<0;0>:ud     r2.0<1>:ud        // $295
        bfn.(s0&s1|s2) (32|M0)   r58.0<1>:ud   r42.0<1;0>:ud     r5.14<0;0>:ud     r2.0<1>:ud        // $300
        load.slm.d32.a32 (32|M0)  r64:2         [r48:2]            {I@7,$5} // ex_desc:0x0; desc:0x4200500 // $276
        load.slm.d32.a32 (32|M0)  r66:2         [r50:2]            {I@7,$7} // ex_desc:0x0; desc:0x4200500 // $281
        add (32|M0)              r68.0<1>:d    r52.0<1;1,0>:d    268435456:d               {I@6}     // $286
        add (32|M0)              r70.0<1>:d    r54.0<1;1,0>:d    268435456:d               {I@6}     // $291
        shl (32|M0)              r72.0<1>:d    r56.0<1;1,0>:d    2:w               {Compacted,I@4}   // $296
        shl (32|M0)              r74.0<1>:d    r58.0<1;1,0>:d    2:w               {Compacted,I@4}   // $301
        add (32|M0)              r80.0<1>:d    r102.0<1;1,0>:d   10:w               {Compacted}      // $316
        add (32|M0)              r82.0<1>:d    r102.0<1;1,0>:d   11:w               {Compacted,$1.src} // $321
        bfn.(s0&s1|s2) (32|M0)   r76.0<1>:ud   r60.0<1;0>:ud     r5.14<0;0>:ud     r2.0<1>:ud        // $306
        bfn.(s0&s1|s2) (32|M0)   r78.0<1>:ud   r62.0<1;0>:ud     r5.14<0;0>:ud     r2.0<1>:ud        // $311
        load.slm.d32.a32 (32|M0)  r84:2         [r68:2]            {I@7,$9} // ex_desc:0x0; desc:0x4200500 // $287
        load.slm.d32.a32 (32|M0)  r86:2         [r70:2]            {I@7,$12} // ex_desc:0x0; desc:0x4200500 // $292
        add (32|M0)              r88.0<1>:d    r72.0<1;1,0>:d    268435456:d               {I@6}     // $297
        add (32|M0)              r90.0<1>:d    r74.0<1;1,0>:d    268435456:d               {I@6}     // $302
        shl (32|M0)              r92.0<1>:d    r76.0<1;1,0>:d    2:w               {Compacted,I@4}   // $307
        shl (32|M0)              r94.0<1>:d    r78.0<1;1,0>:d    2:w               {Compacted,I@4}   // $312
        add (32|M0)              r6.0<1>:d     r102.0<1;1,0>:d   12:w               {Compacted}      // $327
        add (32|M0)              r8.0<1>:d     r102.0<1;1,0>:d   13:w               {Compacted}      // $332
        sync.nop                             null                             {Compacted,$0.dst}     // $271
        add (32|M0)              r96.0<1>:d    r44.0<1;1,0>:d    r46.0<1;1,0>:d   {Compacted,$3.dst} // $271
        bfn.(s0&s1|s2) (32|M0)   r98.0<1>:ud   r80.0<1;0>:ud     r5.14<0;0>:ud     r2.0<1>:ud        // $317
        bfn.(s0&s1|s2) (32|M0)   r100.0<1>:ud  r82.0<1;0>:ud     r5.14<0;0>:ud     r2.0<1>:ud        // $322
        load.slm.d32.a32 (32|M0)  r10:2         [r88:2]            {I@7,$13} // ex_desc:0x0; desc:0x4200500 // $298
        load.slm.d32.a32 (32|M0)  r12:2         [r90:2]            {I@7,$14} // ex_desc:0x0; desc:0x4200500 // $303
        add (32|M0)              r14.0<1>:d    r92.0<1;1,0>:d    268435456:d               {I@7}     // $308
        add (32|M0)              r16.0<1>:d    r94.0<1;1,0>:d    268435456:d               {I@7}     // $313
        shl (32|M0)              r18.0<1>:d    r98.0<1;1,0>:d    2:w               {Compacted,I@4}   // $318
        shl (32|M0)              r20.0<1>:d    r100.0<1;1,0>:d   2:w               {Compacted,I@4}   // $323
        add (32|M0)              r28.0<1>:d    r102.0<1;1,0>:d   14:w               {Compacted}      // $338
        add (32|M0)              r30.0<1>:d    r102.0<1;1,0>:d   15:w               {Compacted}      // $343
        bfn.(s0&s1|s2) (32|M0)   r24.0<1>:ud   r6.0<1;0>:ud      r5.14<0;0>:ud     r2.0<1>:ud        // $328
        bfn.(s0&s1|s2) (32|M0)   r26.0<1>:ud   r8.0<1;0>:ud      r5.14<0;0>:ud     r2.0<1>:ud        // $333
        sync.nop                             null                             {Compacted,$7.dst}     // $282
        add3 (32|M0)             r22.0<1>:d    r96.0<1;0>:d      r64.0<1;0>:d      r66.0<1>:d       {Compacted,$5.dst} // $282 R{} IR{}{E:0,E:0,E:1,},  R{} IR{}{O:0,O:0,O:1,},  {BC=2}
        load.slm.d32.a32 (32|M0)  r32:2         [r14:2]            {I@7,$0} // ex_desc:0x0; desc:0x4200500 // $309
        load.slm.d32.a32 (32|M0)  r34:2         [r16:2]            {I@7,$1} // ex_desc:0x0; desc:0x4200500 // $314
        add (32|M0)              r36.0<1>:d    r18.0<1;1,0>:d    268435456:d               {I@7}     // $319
        add (32|M0)              r38.0<1>:d    r20.0<1;1,0>:d    268435456:d               {I@7}     // $324
        shl (32|M0)              r40.0<1>:d    r24.0<1;1,0>:d    2:w               {Compacted,I@5}   // $329
        shl (32|M0)              r42.0<1>:d    r26.0<1;1,0>:d    2:w               {Compacted,I@5}   // $334
        add (32|M0)              r50.0<1>:d    r102.0<1;1,0>:d   16:w               {Compacted}      // $349
        add (32|M0)              r52.0<1>:d    r102.0<1;1,0>:d   17:w               {Compacted}      // $354
        bfn.(s0&s1|s2) (32|M0)   r46.0<1>:ud   r28.0<1;0>:ud     r5.14<0;0>:ud     r2.0<1>:ud        // $339
        bfn.(s0&s1|s2) (32|M0)   r48.0<1>:ud   r30.0<1;0>:ud     r5.14<0;0>:ud     r2.0<1>:ud        // $344
        sync.nop                             null                             {Compacted,I@7}        // $293
        sync.nop                             null                             {Compacted,$12.dst}    // $293
        add3 (32|M0)             r44.0<1>:d    r22.0<1;0>:d      r84.0<1;0>:d      r86.0<1>:d       {Compacted,$9.dst} // $293 R{} IR{}{E:11,E:10,E:11,},  R{} IR{}{O:11,O:10,O:11,},  {BC=2}
        load.slm.d32.a32 (32|M0)  r54:2         [r36:2]            {I@7,$2} // ex_desc:0x0; desc:0x4200500 // $320
        load.slm.d32.a32 (32|M0)  r56:2         [r38:2]            {I@7,$3} // ex_desc:0x0; desc:0x4200500 // $325
        add (32|M0)              r58.0<1>:d    r40.0<1;1,0>:d    268435456:d               {I@7}     // $330
        add (32|M0)              r60.0<1>:d    r42.0<1;1,0>:d    268435456:d               {I@7}     // $335
        shl (32|M0)              r62.0<1>:d    r46.0<1;1,0>:d    2:w               {Compacted,I@5}   // $340
        shl (32|M0)              r64.0<1>:d    r48.0<1;1,0>:d    2:w               {Compacted,I@5}   // $345
        add (32|M0)              r72.0<1>:d    r102.0<1;1,0>:d   18:w               {Compacted}      // $360
        add (32|M0)              r74.0<1>:d    r102.0<1;1,0>:d   19:w               {Compacted}      // $365
        bfn.(s0&s1|s2) (32|M0)   r68.0<1>:ud   r50.0<1;0>:ud     r5.14<0;0>:ud     r2.0<1>:ud        // $350
        bfn.(s0&s1|s2) (32|M0)   r70.0<1>:ud   r52.0<1;0>:ud     r5.14<0;0>:ud     r2.0<1>:ud        // $355
        sync.nop                             null                             {Compacted,I@7}        // $304
        sync.nop                             null                             {Compacted,$14.dst}    // $304
        add3 (32|M0)             r66.0<1>:d    r44.0<1;0>:d      r10.0<1;0>:d      r12.0<1>:d       {Compacted,$13.dst} // $304 R{} IR{}{E:6,E:5,E:6,},  R{} IR{}{O:6,O:5,O:6,},  {BC=2}
        load.slm.d32.a32 (32|M0)  r76:2         [r58:2]            {I@7,$4} // ex_desc:0x0; desc:0x4200500 // $331
        load.slm.d32.a32 (32|M0)  r78:2         [r60:2]            {I@7,$5} // ex_desc:0x0; desc:0x4200500 // $336
        add (32|M0)              r80.0<1>:d    r62.0<1;1,0>:d    268435456:d               {I@7}     // $341
        add (32|M0)              r82.0<1>:d    r64.0<1;1,0>:d    268435456:d               {I@7}     // $346
        shl (32|M0)              r84.0<1>:d    r68.0<1;1,0>:d    2:w               {Compacted,I@5}   // $351
        shl (32|M0)              r86.0<1>:d    r70.0<1;1,0>:d    2:w               {Compacted,I@5}   // $356
        add (32|M0)              r94.0<1>:d    r102.0<1;1,0>:d   20:w               {Compacted}      // $371
        add (32|M0)              r96.0<1>:d    r102.0<1;1,0>:d   21:w               {Compacted}      // $376
        bfn.(s0&s1|s2) (32|M0)   r90.0<1>:ud   r72.0<1;0>:ud     r5.14<0;0>:ud     r2.0<1>:ud        // $361
        bfn.(s0&s1|s2) (32|M0)   r92.0<1>:ud   r74.0<1;0>:ud     r5.14<0;0>:ud     r2.0<1>:ud        // $366
        sync.nop                             null                             {Compacted,I@7}        // $315
        sync.nop                             null                             {Compacted,$1.dst}     // $315
        add3 (32|M0)             r88.0<1>:d    r66.0<1;0>:d      r32.0<1;0>:d      r34.0<1>:d       {Compacted,$0.dst} // $315 R{} IR{}{E:1,E:0,E:1,},  R{} IR{}{O:1,O:0,O:1,},  {BC=2}
        load.slm.d32.a32 (32|M0)  r98:2         [r80:2]            {I@7,$6} // ex_desc:0x0; desc:0x4200500 // $342
        load.slm.d32.a32 (32|M0)  r100:2        [r82:2]            {I@7,$7} // ex_desc:0x0; desc:0x4200500 // $347
        add (32|M0)              r6.0<1>:d     r84.0<1;1,0>:d    268435456:d               {I@7}     // $352
        add (32|M0)              r8.0<1>:d     r86.0<1;1,0>:d    268435456:d               {I@7}     // $357
        shl (32|M0)              r10.0<1>:d    r90.0<1;1,0>:d    2:w               {Compacted,I@5}   // $362
        shl (32|M0)              r12.0<1>:d    r92.0<1;1,0>:d    2:w               {Compacted,I@5}   // $367
        add (32|M0)              r20.0<1>:d    r102.0<1;1,0>:d   22:w               {Compacted}      // $382
        add (32|M0)              r22.0<1>:d    r102.0<1;1,0>:d   23:w               {Compacted}      // $387
        bfn.(s0&s1|s2) (32|M0)   r16.0<1>:ud   r94.0<1;0>:ud     r5.14<0;0>:ud     r2.0<1>:ud        // $372
        bfn.(s0&s1|s2) (32|M0)   r18.0<1>:ud   r96.0<1;0>:ud     r5.14<0;0>:ud     r2.0<1>:ud        // $377
        sync.nop                             null                             {Compacted,I@7}        // $326
        sync.nop                             null                             {Compacted,$3.dst}     // $326
        add3 (32|M0)             r14.0<1>:d    r88.0<1;0>:d      r54.0<1;0>:d      r56.0<1>:d       {Compacted,$2.dst} // $326 R{} IR{}{E:12,E:11,E:12,},  R{} IR{}{O:12,O:11,O:12,},  {BC=2}
        load.slm.d32.a32 (32|M0)  r24:2         [r6:2]             {I@7,$8} // ex_desc:0x0; desc:0x4200500 // $353
        load.slm.d32.a32 (32|M0)  r26:2         [r8:2]             {I@7,$9} // ex_desc:0x0; desc:0x4200500 // $358
        add (32|M0)              r28.0<1>:d    r10.0<1;1,0>:d    268435456:d               {I@7}     // $363
        add (32|M0)              r30.0<1>:d    r12.0<1;1,0>:d    268435456:d               {I@7}     // $368
        shl (32|M0)              r32.0<1>:d    r16.0<1;1,0>:d    2:w               {Compacted,I@5}   // $373
        shl (32|M0)              r34.0<1>:d    r18.0<1;1,0>:d    2:w               {Compacted,I@5}   // $378
        add (32|M0)              r42.0<1>:d    r102.0<1;1,0>:d   24:w               {Compacted}      // $393
        add (32|M0)              r44.0<1>:d    r102.0<1;1,0>:d   25:w               {Compacted}      // $398
        bfn.(s0&s1|s2) (32|M0)   r38.0<1>:ud   r20.0<1;0>:ud     r5.14<0;0>:ud     r2.0<1>:ud        // $383
        bfn.(s0&s1|s2) (32|M0)   r40.0<1>:ud   r22.0<1;0>:ud     r5.14<0;0>:ud     r2.0<1>:ud        // $388
        sync.nop                             null                             {Compacted,I@7}        // $337
        sync.nop                             null                             {Compacted,$5.dst}     // $337
        add3 (32|M0)             r36.0<1>:d    r14.0<1;0>:d      r76.0<1;0>:d      r78.0<1>:d       {Compacted,$4.dst} // $337 R{} IR{}{E:7,E:6,E:7,},  R{} IR{}{O:7,O:6,O:7,},  {BC=2}
        load.slm.d32.a32 (32|M0)  r46:2         [r28:2]            {I@7,$10} // ex_desc:0x0; desc:0x4200500 // $364
        load.slm.d32.a32 (32|M0)  r48:2         [r30:2]            {I@7,$11} // ex_desc:0x0; desc:0x4200500 // $369
        add (32|M0)              r50.0<1>:d    r32.0<1;1,0>:d    268435456:d               {I@7}     // $374
        add (32|M0)              r52.0<1>:d    r34.0<1;1,0>:d    268435456:d               {I@7}     // $379
        shl (32|M0)              r54.0<1>:d    r38.0<1;1,0>:d    2:w               {Compacted,I@5}   // $384
        shl (32|M0)              r56.0<1>:d    r40.0<1;1,0>:d    2:w               {Compacted,I@5}   // $389
        add (32|M0)              r64.0<1>:d    r102.0<1;1,0>:d   26:w               {Compacted}      // $404
        add (32|M0)              r66.0<1>:d    r102.0<1;1,0>:d   27:w               {Compacted}      // $409
        bfn.(s0&s1|s2) (32|M0)   r60.0<1>:ud   r42.0<1;0>:ud     r5.14<0;0>:ud     r2.0<1>:ud        // $394
        bfn.(s0&s1|s2) (32|M0)   r62.0<1>:ud   r44.0<1;0>:ud     r5.14<0;0>:ud     r2.0<1>:ud        // $399
        sync.nop                             null                             {Compacted,I@7}        // $348
        sync.nop                             null                             {Compacted,$7.dst}     // $348
        add3 (32|M0)             r58.0<1>:d    r36.0<1;0>:d      r98.0<1;0>:d      r100.0<1>:d      {Compacted,$6.dst} // $348 R{} IR{}{E:2,E:1,E:2,},  R{} IR{}{O:2,O:1,O:2,},  {BC=2}
        load.slm.d32.a32 (32|M0)  r68:2         [r50:2]            {I@7,$12} // ex_desc:0x0; desc:0x4200500 // $375
        load.slm.d32.a32 (32|M0)  r70:2         [r52:2]            {I@7,$13} // ex_desc:0x0; desc:0x4200500 // $380
        add (32|M0)              r72.0<1>:d    r54.0<1;1,0>:d    268435456:d               {I@7}     // $385
        add (32|M0)              r74.0<1>:d    r56.0<1;1,0>:d    268435456:d               {I@7}     // $390
        shl (32|M0)              r76.0<1>:d    r60.0<1;1,0>:d    2:w               {Compacted,I@5}   // $395
        shl (32|M0)              r78.0<1>:d    r62.0<1;1,0>:d    2:w               {Compacted,I@5}   // $400
        add (32|M0)              r86.0<1>:d    r102.0<1;1,0>:d   28:w               {Compacted}      // $415
        add (32|M0)              r88.0<1>:d    r102.0<1;1,0>:d   29:w               {Compacted}      // $420
        bfn.(s0&s1|s2) (32|M0)   r82.0<1>:ud   r64.0<1;0>:ud     r5.14<0;0>:ud     r2.0<1>:ud        // $405
        bfn.(s0&s1|s2) (32|M0)   r84.0<1>:ud   r66.0<1;0>:ud     r5.14<0;0>:ud     r2.0<1>:ud        // $410 R{r5,} IR{}{E:1,E:1,},  R{r5,} IR{}{O:1,O:1,},  {BC=2}
        sync.nop                             null                             {Compacted,I@7}        // $359
        sync.nop                             null                             {Compacted,$9.dst}     // $359
        add3 (32|M0)             r80.0<1>:d    r58.0<1;0>:d      r24.0<1;0>:d      r26.0<1>:d       {Compacted,$8.dst} // $359 R{} IR{}{E:13,E:12,E:13,},  R{} IR{}{O:13,O:12,O:13,},  {BC=2}
        load.slm.d32.a32 (32|M0)  r90:2         [r72:2]            {I@7,$14} // ex_desc:0x0; desc:0x4200500 // $386
        load.slm.d32.a32 (32|M0)  r92:2         [r74:2]            {I@7,$0} // ex_desc:0x0; desc:0x4200500 // $391
        add (32|M0)              r94.0<1>:d    r76.0<1;1,0>:d    268435456:d               {I@7}     // $396
        add (32|M0)              r96.0<1>:d    r78.0<1;1,0>:d    268435456:d               {I@7}     // $401
        shl (32|M0)              r98.0<1>:d    r82.0<1;1,0>:d    2:w               {Compacted,I@5}   // $406
        shl (32|M0)              r100.0<1>:d   r84.0<1;1,0>:d    2:w               {Compacted,I@5}   // $411
        add (32|M0)              r12.0<1>:d    r102.0<1;1,0>:d   30:w               {Compacted}      // $426
        add (32|M0)              r14.0<1>:d    r102.0<1;1,0>:d   31:w               {Compacted}      // $431
        bfn.(s0&s1|s2) (32|M0)   r8.0<1>:ud    r86.0<1;0>:ud     r5.14<0;0>:ud     r2.0<1>:ud        // $416
        bfn.(s0&s1|s2) (32|M0)   r10.0<1>:ud   r88.0<1;0>:ud     r5.14<0;0>:ud     r2.0<1>:ud        // $421
        sync.nop                             null                             {Compacted,I@7}        // $370
        sync.nop                             null                             {Compacted,$11.dst}    // $370
        add3 (32|M0)             r6.0<1>:d     r80.0<1;0>:d      r46.0<1;0>:d      r48.0<1>:d       {Compacted,$10.dst} // $370 R{} IR{}{E:8,E:7,E:8,},  R{} IR{}{O:8,O:7,O:8,},  {BC=2}
        load.slm.d32.a32 (32|M0)  r16:2         [r94:2]            {I@7,$1} // ex_desc:0x0; desc:0x4200500 // $397
        load.slm.d32.a32 (32|M0)  r18:2         [r96:2]            {I@7,$2} // ex_desc:0x0; desc:0x4200500 // $402
        add (32|M0)              r20.0<1>:d    r98.0<1;1,0>:d    268435456:d               {I@7}     // $407
        add (32|M0)              r22.0<1>:d    r100.0<1;1,0>:d   268435456:d               {I@7}     // $412
        shl (32|M0)              r24.0<1>:d    r8.0<1;1,0>:d     2:w               {Compacted,I@5}   // $417
        shl (32|M0)              r26.0<1>:d    r10.0<1;1,0>:d    2:w               {Compacted,I@5}   // $422
        bfn.(s0&s1|s2) (32|M0)   r30.0<1>:ud   r12.0<1;0>:ud     r5.14<0;0>:ud     r2.0<1>:ud        // $427
        bfn.(s0&s1|s2) (32|M0)   r32.0<1>:ud   r14.0<1;0>:ud     r5.14<0;0>:ud     r2.0<1>:ud        // $432
        sync.nop                             null                             {Compacted,I@7}        // $381
        sync.nop                             null                             {Compacted,$13.dst}    // $381
        add3 (32|M0)             r28.0<1>:d    r6.0<1;0>:d       r68.0<1;0>:d      r70.0<1>:d       {Compacted,$12.dst} // $381 R{} IR{}{E:3,E:2,E:3,},  R{} IR{}{O:3,O:2,O:3,},  {BC=2}
        load.slm.d32.a32 (32|M0)  r34:2         [r20:2]            {I@7,$3} // ex_desc:0x0; desc:0x4200500 // $408
        load.slm.d32.a32 (32|M0)  r36:2         [r22:2]            {I@6,$4} // ex_desc:0x0; desc:0x4200500 // $413
        add (32|M0)              r38.0<1>:d    r24.0<1;1,0>:d    268435456:d               {I@5}     // $418
        add (32|M0)              r40.0<1>:d    r26.0<1;1,0>:d    268435456:d               {I@5}     // $423
        shl (32|M0)              r42.0<1>:d    r30.0<1;1,0>:d    2:w               {Compacted,I@5}   // $428
        shl (32|M0)              r44.0<1>:d    r32.0<1;1,0>:d    2:w               {Compacted,I@5}   // $433
        sync.nop                             null                             {Compacted,I@5}        // $392
        sync.nop                             null                             {Compacted,$0.dst}     // $392
        add3 (32|M0)             r46.0<1>:d    r28.0<1;0>:d      r90.0<1;0>:d      r92.0<1>:d       {Compacted,$14.dst} // $392 R{} IR{}{E:14,E:13,E:14,},  R{} IR{}{O:14,O:13,O:14,},  {BC=2}
        load.slm.d32.a32 (32|M0)  r48:2         [r38:2]            {I@5,$5} // ex_desc:0x0; desc:0x4200500 // $419
        load.slm.d32.a32 (32|M0)  r50:2         [r40:2]            {I@4,$6} // ex_desc:0x0; desc:0x4200500 // $424
        add (32|M0)              r52.0<1>:d    r42.0<1;1,0>:d    268435456:d               {I@3}     // $429
        add (32|M0)              r54.0<1>:d    r44.0<1;1,0>:d    268435456:d               {I@3}     // $434
        sync.nop                             null                             {Compacted,I@3}        // $403
        sync.nop                             null                             {Compacted,$2.dst}     // $403
        add3 (32|M0)             r56.0<1>:d    r46.0<1;0>:d      r16.0<1;0>:d      r18.0<1>:d       {Compacted,$1.dst} // $403 R{} IR{}{E:7,E:8,E:9,},  R{} IR{}{O:7,O:8,O:9,},  {BC=2}
        load.slm.d32.a32 (32|M0)  r58:2         [r52:2]            {I@3,$7} // ex_desc:0x0; desc:0x4200500 // $430
        load.slm.d32.a32 (32|M0)  r60:2         [r54:2]            {I@2,$8} // ex_desc:0x0; desc:0x4200500 // $435
        sync.nop                             null                             {Compacted,I@1}        // $414
        sync.nop                             null                             {Compacted,$4.dst}     // $414
        add3 (32|M0)             r62.0<1>:d    r56.0<1;0>:d      r34.0<1;0>:d      r36.0<1>:d       {Compacted,$3.dst} // $414 R{} IR{}{E:12,E:1,E:2,},  R{} IR{}{O:12,O:1,O:2,},  {BC=2}
        sync.nop                             null                             {Compacted,I@1}        // $425
        sync.nop                             null                             {Compacted,$6.dst}     // $425
        add3 (32|M0)             r64.0<1>:d    r62.0<1;0>:d      r48.0<1;0>:d      r50.0<1>:d       {Compacted,$5.dst} // $425 R{} IR{}{E:15,E:8,E:9,},  R{} IR{}{O:15,O:8,O:9,},  {BC=2}
        sync.nop                             null                             {Compacted,I@1}        // $436
        sync.nop                             null                             {Compacted,$8.dst}     // $436
        add3 (32|M0)             r112.0<1>:d   r64.0<1;0>:d      r58.0<1;0>:d      r60.0<1>:d       {Compacted,$7.dst} // $436 R{} IR{}{E:0,E:13,E:14,},  R{} IR{}{O:0,O:13,O:14,},  {BC=2}
        cmp (32|M0)   (eq)f2.0   null<1>:d     r112.0<1;1,0>:d   0:w               {I@1}             // $437
(f2.0)  goto (32|M0)                         _0_042            _0_042                                // $438
// B016: [inDivergent],  Preds:{B015},  Succs:{B017}
_0_043:
        mov (16|M0)              r2.0<2>:ud    r102.0<1;1,0>:ud                 {Compacted}          // $441
        mov (16|M16)             r8.0<2>:ud    r103.0<1;1,0>:ud                 {Compacted}          // $441
        shl (16|M0)              r6.0<1>:q     r2.0<2;1,0>:ud    2:w               {Compacted,I@2}   // $441
        shl (16|M16)             r10.0<1>:q    r8.0<2;1,0>:ud    2:w               {Compacted,I@2}   // $441
        add (16|M0)              r12.0<1>:q    r6.0<1;1,0>:q     r4.6<0;1,0>:q    {Compacted,I@2}    // $442
        add (16|M16)             r14.0<1>:q    r10.0<1;1,0>:q    r4.6<0;1,0>:q    {Compacted,I@2}    // $442
        atomic_iadd.ugm.d32.a64 (32|M0)  null:0 [r12:4]           r112:2             {A@1,$15} // ex_desc:0x0; desc:0x800058C // $443
// B017: [inDivergent],  Preds:{B016, B015},  Succs:{B018, B015}
_0_042:
        join (32|M0)                         _0_039                                                  // 
L6744:
        add (32|M0)              r102.0<1>:d   r102.0<1;1,0>:d   r5.5<0;1,0>:d                       // $445
        cmp (32|M0)   (lt)f1.0   null<1>:ud    r102.0<1;1,0>:ud  0x100:uw              {I@1}         // $446
(f1.0)  goto.b (32|M0)                       _0_039            _0_041                                // $447
// B018: Preds:{B017, B013},  Succs:{}
_0_039:
        join (32|M0)                         L6808                                                   // 
L6808:
(W)     mov (16|M0)              r127.0<1>:f   r0.0<1;1,0>:f                    {Compacted}          // $449
(W)     send.gtwy (8|M0)         null     r127    null:0  0x0            0x02000010           {EOT,F@1} // wr:1+0, rd:0; end of thread // $449


//.BankConflicts: 40
//.BankConflicts.SameBank: 30
//.BankConflicts.TwoSrc: 6
//.SIMD32ReadSuppressions: 4
//.SIMD16s: 842
//
//.RMWs: 0
//
//.accSubDef: 0
//.accSubUse: 0
//.accSubCandidateDef: 0
//.accSubCandidateUse: 0

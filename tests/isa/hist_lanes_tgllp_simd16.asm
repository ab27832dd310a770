//.kernel hist_lanes
//.platform TGLLP
//.thread_config numGRF=128, numAcc=2, numSWSB=16
//.options_string ""
//.full_options "-emitLocation -forceAssignRhysicalReg "" -enableStructurizer -noScalarJmp -enablePreemption -noLoadPayload -hasRNEandDenorm -noStitchExternFunc -crossThreadDataAlignment 32 -linker 0 -lscEnableImmOffsFor 196638 -abortonspill -TotalGRFNum 128 -boundsChecking -presched-ctrl 54 -presched-rp 100 -nodpsendreorder -SBIDDepLoc -output -binary -dumpcommonisa -shaderDumpFilter "" -dumpvisa -printHexFloatInAsm -noverifyCISA -waClearHDCWrite -noMaskWA -insertRSDummyMov "
//.instCount 602
//.RA type	LOCAL_ROUND_ROBIN_RA


// .inputs
// +----------+----------+--------+----------+------------+
// | id       | type     |  bytes | at       | class      |
// +----------+----------+--------+----------+------------+
// | V0042    | :w x 16  |     32 | r1       | general    |
// | V0043    | :w x 16  |     32 | r2       | general    |
// | V0044    | :w x 16  |     32 | r3       | general    |
// | V0038    | :d x 8   |     32 | r4       | general    |
// | V0443    | :uq      |      8 | r5       | general    |
// | V0444    | :uq      |      8 | r5+8     | general    |
// | V0035    | :uq      |      8 | r5+16    | general    |
// | V0034    | :d       |      4 | r5+24    | general    |
// | V0045    | :d       |      4 | r5+28    | general    |
// | V0039    | :d x 3   |     12 | r6       | general    |
// | V0040    | :d x 3   |     12 | r6+12    | general    |
// | V0041    | :d x 3   |     12 | r7       | general    |
// +----------+----------+--------+----------+------------+


// B000: Preds:{},  Succs:{B001, B005}
_main:
(W)     mov (8|M0)               r98.0<1>:ud   r0.0<1;1,0>:ud                                        // $1
(W)     or (1|M0)                cr0.0<1>:ud   cr0.0<0;1,0>:ud   0x4C0:uw              {@1}          // $1
        cmp (16|M0)   (lt)f1.1   null<1>:w     r1.0<16;16,1>:uw  0x2000:uw              {@1}         // $3
        mov (16|M0)              r99.0<1>:d    r1.0<16;16,1>:uw                                      // $2
(W)     csel (4|M0)   (eq)f0.0   r0.0<1>:w     r0.0<4;1>:w       r0.0<4;1>:w       r0.0<1>:w         // $4
(f1.1)  if (16|M0)                           _0_028            _0_028                                // $4
// B001: [inDivergent],  Preds:{B000},  Succs:{B002}
_0_029:
        mov (16|M0)              r101.0<1>:f   r99.0<8;8,1>:f                   {Compacted,@3}       // $6
// B002: [NoMaskWA],  [inDivergent],  Preds:{B004, B001},  Succs:{B003, B005}
_0_030:
        add (16|M0)              r103.0<1>:d   r101.0<8;8,1>:d   r6.3<0;1,0>:d    {Compacted,@1}     // $12
        shl (16|M0)              r2.0<1>:d     r101.0<8;8,1>:d   2:w               {Compacted,$0.src} // $8
        cmp (16|M0)   (lt)f1.1   null<1>:d     r103.0<8;8,1>:ud  0x2000:uw              {@2}         // $13
        add (16|M0)              r2.0<1>:d     r2.0<8;8,1>:d     268435456:d               {@2}      // $9
        mov (16|M0)              r8.0<1>:f     0x0:f                               {Compacted}       //  (0x00000000:f); $10
        send.dc1 (16|M0)         null     r2      r8      0x80            0x04025EFE           {@1,$0} // wr:2+2, rd:0; untyped surface write with x // $11
(W)     csel (4|M0)   (eq)f0.0   r0.0<1>:w     r0.0<4;1>:w       r0.0<4;1>:w       r0.0<1>:w        {@7} // $14
(~f1.1) break (16|M0)                        _hist_lanes_k0_2_cf  _hist_lanes_k0_2_cf                // $14
// B003: [NoMaskWA],  [inDivergent],  Preds:{B002},  Succs:{B004}
_0_031:
        mov (16|M0)              r101.0<1>:f   r103.0<8;8,1>:f                  {Compacted}          // $16
// B004: [NoMaskWA],  [inDivergent],  Preds:{B003},  Succs:{B002}
_hist_lanes_k0_2_cf:
        while (16|M0)                        _0_030                                                  // $17
// B005: Preds:{B000, B002},  Succs:{B006, B007}
_0_028:
        endif (16|M0)                        L248                                                    // $4
L248:
        sync.nop                             null                             {Compacted,$0.src}     // $19
(W)     send.dc0 (8|M0)          r2       r98     null    0x0            0x0219E0FE           {$1} // wr:1h+0, rd:1; synchronized SLM fence // $19
(W)     and (8|M0)               r3.0<1>:ud    r98.2<0;1,0>:ud   0x7F000000:ud                       // $20
(W)     mov (8|M0)               null<1>:ud    r2.0<8;8,1>:ud                   {$1.dst}             //  memory fence commit; $20
(W)     send.gtwy (1|M0)         null     r3      null    0x0            0x02000004           {@2,$2} // wr:1+0, rd:0; signal barrier // $20
(W)     sync.bar                             null                                                    // $20
(W)     mul (1|M0)               acc0.0<1>:d   r7.0<0;1,0>:d     r98.2<0;1,0>:uw  {Compacted}        // $25
(W)     mach (1|M0)              r5.0<1>:d     r7.0<0;1,0>:d     r98.1<0;1,0>:d   {Compacted}        // $26
(W)     shr (1|M0)               r6.6<1>:d     r5.6<0;1,0>:ud    1:w                                 // $28
        add (16|M0)              r8.0<1>:d     r5.0<0;1,0>:d     r99.0<8;8,1>:d   {Compacted,@2}     // $26
        shl (16|M0)              r14.0<1>:w    r1.0<16;16,1>:w   2:w                                 // $21
        add (16|M0)              r107.0<1>:d   r8.0<8;8,1>:d     r4.0<0;1,0>:d    {Compacted,@2}     // $27
        and (16|M0)              r14.0<1>:w    r14.0<16;16,1>:w  124:w               {@2}            // $22
        addc (8|M0)              r109.0<1>:ud  r107.0<8;8,1>:ud  r6.0<0;1,0>:ud   {AccWrEn,Compacted,@2} // $29
        or (16|M0)               r105.0<1>:d   r14.0<16;16,1>:uw  268435456:d              {@2}      // $24
        mov (8|M0)               r10.0<1>:ud   acc0.0<8;8,1>:ud                 {Compacted}          // $29
        addc (8|M8)              r110.0<1>:ud  r108.0<8;8,1>:ud  r6.0<0;1,0>:ud   {AccWrEn}          // $31
        mov (8|M0)               r12.0<1>:f    r10.0<8;8,1>:f                   {Compacted,@2}       // $30
        mov (8|M8)               r11.0<1>:ud   acc0.0<8;8,1>:ud                 {Compacted}          // $31
        cmp (16|M0)   (lt)f0.1   null<1>:d     r109.0<8;8,1>:ud  r6.6<0;1,0>:ud   {@3}               // $33
        mov (8|M8)               r13.0<1>:f    r11.0<8;8,1>:f                   {Compacted,@2}       // $32
(f0.1)  cmp (16|M0)   (eq)f0.1   null<1>:d     r12.0<8;8,1>:d    0:w               {@1}              // $34
(W)     csel (4|M0)   (eq)f0.0   r0.0<1>:w     r0.0<4;1>:w       r0.0<4;1>:w       r0.0<1>:w         // $36
(~f0.1) if (16|M0)                           _0_032            _0_034                                // $36
// B006: [inDivergent],  Preds:{B005},  Succs:{B011}
_0_033:
        mov (16|M0)              r111.0<1>:f   r107.0<8;8,1>:f                  {Compacted}          // $38
        mov (16|M0)              r113.0<1>:f   0x0:f                               {Compacted}       //  (0x00000000:f); $39
        else (16|M0)                         _0_034            _0_034                                // $36
// B007: [inDivergent],  Preds:{B005},  Succs:{B008}
_0_032:
        mov (16|M0)              r115.0<1>:f   r107.0<8;8,1>:f                  {Compacted}          // $44
        mov (16|M0)              r113.0<1>:f   0x0:f                               {Compacted}       //  (0x00000000:f); $45
(W)     shl (1|M0)               r6.7<1>:d     r6.0<0;1,0>:d     1:w               {Compacted}       // $42
(W)     shr (1|M0)               r7.3<1>:d     r6.0<0;1,0>:ud    31:w               {Compacted}      // $43
// B008: [NoMaskWA],  [inDivergent],  Preds:{B010, B007},  Succs:{B009, B011}
_0_035:
        sync.nop                             null                             {Compacted,$2.src}     // $47
        shl (16|M0)              r2.0<1>:d     r115.0<8;8,1>:d   4:w               {Compacted,@4}    // $47
        shl (16|M0)              r8.0<1>:d     r109.0<8;8,1>:d   4:w               {Compacted}       // $51
        add (16|M0)              r2.0<1>:d     r2.0<8;8,1>:d     r5.7<0;1,0>:d    {Compacted,@2}     // $48
        add (16|M0)              r8.0<1>:d     r8.0<8;8,1>:d     r5.7<0;1,0>:d    {Compacted,@2}     // $52
        send.dc1 (16|M0)         r10      r2      null    0x0            0x04805000           {@2,$13} // wr:2+0, rd:8; untyped surface read with xyzw // $50
        send.dc1 (16|M0)         r18      r8      null    0x0            0x04805000           {@1,$10} // wr:2+0, rd:8; untyped surface read with xyzw // $54
        addc (8|M0)              r117.0<1>:ud  r115.0<8;8,1>:ud  r6.7<0;1,0>:ud   {AccWrEn,Compacted,@6} // $183
        add (8|M0)               r113.0<1>:ud  r113.0<8;8,1>:ud  r7.3<0;1,0>:ud   {Compacted,@6}     // $184
        mov (8|M0)               r26.0<1>:ud   acc0.0<8;8,1>:ud                 {Compacted}          // $183
        addc (8|M8)              r118.0<1>:ud  r116.0<8;8,1>:ud  r6.7<0;1,0>:ud   {AccWrEn}          // $186
        add (8|M8)               r114.0<1>:ud  r114.0<8;8,1>:ud  r7.3<0;1,0>:ud   {Compacted}        // $187
        mov (8|M8)               r27.0<1>:ud   acc0.0<8;8,1>:ud                 {Compacted}          // $186
        addc (8|M0)              r109.0<1>:ud  r117.0<8;8,1>:ud  r6.0<0;1,0>:ud   {AccWrEn,Compacted,@6} // $189
        add (8|M0)               r113.0<1>:ud  r26.0<8;8,1>:ud   r113.0<8;8,1>:ud {Compacted,@5}     // $185
        mov (8|M0)               r28.0<1>:ud   acc0.0<8;8,1>:ud                 {Compacted}          // $189
        addc (8|M8)              r110.0<1>:ud  r118.0<8;8,1>:ud  r6.0<0;1,0>:ud   {AccWrEn,@6}       // $191 R{} IR{}{E:3,E:3,},  {BC=1}
        add (8|M8)               r114.0<1>:ud  r27.0<8;8,1>:ud   r114.0<8;8,1>:ud {Compacted,@5}     // $188
        mov (8|M8)               r29.0<1>:ud   acc0.0<8;8,1>:ud                 {Compacted}          // $191
        cmp (16|M0)   (lt)f0.0   null<1>:d     r109.0<8;8,1>:ud  r6.6<0;1,0>:ud   {@3}               // $193
        add (8|M0)               r94.0<1>:ud   r28.0<8;8,1>:ud   r113.0<8;8,1>:ud {Compacted,@5}     // $190
        add (8|M8)               r95.0<1>:ud   r29.0<8;8,1>:ud   r114.0<8;8,1>:ud {Compacted,@3}     // $192
        mov (16|M0)              r111.0<1>:f   r117.0<8;8,1>:f                  {Compacted}          // $196
(f0.0)  cmp (16|M0)   (eq)f0.0   null<1>:d     r94.0<8;8,1>:d    0:w               {@2}              // $194
        shl (16|M0)              r30.0<1>:d    r10.0<8;8,1>:d    7:w               {Compacted,$13.dst} // $55
        shr (16|M0)              r32.0<1>:d    r10.0<8;8,1>:ud   1:w               {Compacted,$10.src} // $59
        shr (16|M0)              r34.0<1>:d    r10.0<8;8,1>:ud   9:w               {Compacted,$12.src} // $63
        shr (16|M0)              r36.0<1>:d    r10.0<8;8,1>:ud   17:w               {Compacted,$3.src} // $67
        shl (16|M0)              r38.0<1>:d    r12.0<8;8,1>:d    7:w               {Compacted,$7.src} // $71
        shr (16|M0)              r40.0<1>:d    r12.0<8;8,1>:ud   1:w               {Compacted,$9.src} // $75
        shr (16|M0)              r42.0<1>:d    r12.0<8;8,1>:ud   9:w               {Compacted,$4.src} // $79
        shr (16|M0)              r44.0<1>:d    r12.0<8;8,1>:ud   17:w               {Compacted,$0.src} // $83
        shl (16|M0)              r46.0<1>:d    r14.0<8;8,1>:d    7:w               {Compacted,$11.src} // $87
        shr (16|M0)              r48.0<1>:d    r14.0<8;8,1>:ud   1:w               {Compacted,$6.src} // $91
        shr (16|M0)              r50.0<1>:d    r14.0<8;8,1>:ud   9:w               {Compacted,$14.src} // $95
        shr (16|M0)              r52.0<1>:d    r14.0<8;8,1>:ud   17:w               {Compacted,$1.src} // $99
        shl (16|M0)              r54.0<1>:d    r16.0<8;8,1>:d    7:w               {Compacted,$5.src} // $103
        shr (16|M0)              r56.0<1>:d    r16.0<8;8,1>:ud   1:w               {Compacted,$3.src} // $107
        shr (16|M0)              r58.0<1>:d    r16.0<8;8,1>:ud   9:w               {Compacted,$15.src} // $111
        shr (16|M0)              r60.0<1>:d    r16.0<8;8,1>:ud   17:w               {Compacted,$13.src} // $115
        sync.nop                             null                             {Compacted,$8.src}     // $119
        shl (16|M0)              r62.0<1>:d    r18.0<8;8,1>:d    7:w               {Compacted,$10.dst} // $119
        shr (16|M0)              r64.0<1>:d    r18.0<8;8,1>:ud   1:w               {Compacted}       // $123
        shr (16|M0)              r66.0<1>:d    r18.0<8;8,1>:ud   9:w               {Compacted,$6.src} // $127
        shr (16|M0)              r68.0<1>:d    r18.0<8;8,1>:ud   17:w               {Compacted,$10.src} // $131
        shl (16|M0)              r70.0<1>:d    r20.0<8;8,1>:d    7:w               {Compacted,$12.src} // $135
        shr (16|M0)              r72.0<1>:d    r20.0<8;8,1>:ud   1:w               {Compacted,$1.src} // $139
        shr (16|M0)              r74.0<1>:d    r20.0<8;8,1>:ud   9:w               {Compacted,$7.src} // $143
        shr (16|M0)              r76.0<1>:d    r20.0<8;8,1>:ud   17:w               {Compacted,$3.src} // $147
        shl (16|M0)              r78.0<1>:d    r22.0<8;8,1>:d    7:w               {Compacted,$0.src} // $151
        shr (16|M0)              r80.0<1>:d    r22.0<8;8,1>:ud   1:w               {Compacted,$15.src} // $155
        shr (16|M0)              r82.0<1>:d    r22.0<8;8,1>:ud   9:w               {Compacted,$9.src} // $159
        shr (16|M0)              r84.0<1>:d    r22.0<8;8,1>:ud   17:w               {Compacted,$11.src} // $163
        shl (16|M0)              r86.0<1>:d    r24.0<8;8,1>:d    7:w               {Compacted,$14.src} // $167
        shr (16|M0)              r88.0<1>:d    r24.0<8;8,1>:ud   1:w               {Compacted,$4.src} // $171
        shr (16|M0)              r90.0<1>:d    r24.0<8;8,1>:ud   9:w               {Compacted,$5.src} // $175
        shr (16|M0)              r92.0<1>:d    r24.0<8;8,1>:ud   17:w               {Compacted,$13.src} // $179
        and (16|M0)              r30.0<1>:d    r30.0<8;8,1>:d    32640:w                             // $56
        and (16|M0)              r32.0<1>:d    r32.0<8;8,1>:d    32640:w                             // $60
        and (16|M0)              r34.0<1>:d    r34.0<8;8,1>:d    32640:w                             // $64
        and (16|M0)              r36.0<1>:d    r36.0<8;8,1>:d    32640:w                             // $68
        and (16|M0)              r38.0<1>:d    r38.0<8;8,1>:d    32640:w                             // $72
        and (16|M0)              r40.0<1>:d    r40.0<8;8,1>:d    32640:w                             // $76
        and (16|M0)              r42.0<1>:d    r42.0<8;8,1>:d    32640:w                             // $80
        and (16|M0)              r44.0<1>:d    r44.0<8;8,1>:d    32640:w                             // $84
        and (16|M0)              r46.0<1>:d    r46.0<8;8,1>:d    32640:w                             // $88
        and (16|M0)              r48.0<1>:d    r48.0<8;8,1>:d    32640:w                             // $92
        and (16|M0)              r50.0<1>:d    r50.0<8;8,1>:d    32640:w                             // $96
        and (16|M0)              r52.0<1>:d    r52.0<8;8,1>:d    32640:w                             // $100
        and (16|M0)              r54.0<1>:d    r54.0<8;8,1>:d    32640:w                             // $104
        and (16|M0)              r56.0<1>:d    r56.0<8;8,1>:d    32640:w                             // $108
        and (16|M0)              r58.0<1>:d    r58.0<8;8,1>:d    32640:w                             // $112
        and (16|M0)              r60.0<1>:d    r60.0<8;8,1>:d    32640:w                             // $116
        and (16|M0)              r62.0<1>:d    r62.0<8;8,1>:d    32640:w                             // $120
        and (16|M0)              r64.0<1>:d    r64.0<8;8,1>:d    32640:w                             // $124
        and (16|M0)              r66.0<1>:d    r66.0<8;8,1>:d    32640:w                             // $128
        and (16|M0)              r68.0<1>:d    r68.0<8;8,1>:d    32640:w                             // $132
        and (16|M0)              r70.0<1>:d    r70.0<8;8,1>:d    32640:w                             // $136
        and (16|M0)              r72.0<1>:d    r72.0<8;8,1>:d    32640:w                             // $140
        and (16|M0)              r74.0<1>:d    r74.0<8;8,1>:d    32640:w                             // $144
        and (16|M0)              r76.0<1>:d    r76.0<8;8,1>:d    32640:w                             // $148
        and (16|M0)              r78.0<1>:d    r78.0<8;8,1>:d    32640:w                             // $152
        and (16|M0)              r80.0<1>:d    r80.0<8;8,1>:d    32640:w                             // $156
        and (16|M0)              r82.0<1>:d    r82.0<8;8,1>:d    32640:w                             // $160
        and (16|M0)              r84.0<1>:d    r84.0<8;8,1>:d    32640:w                             // $164
        and (16|M0)              r86.0<1>:d    r86.0<8;8,1>:d    32640:w                             // $168
        and (16|M0)              r88.0<1>:d    r88.0<8;8,1>:d    32640:w                             // $172
        and (16|M0)              r90.0<1>:d    r90.0<8;8,1>:d    32640:w                             // $176
        and (16|M0)              r92.0<1>:d    r92.0<8;8,1>:d    32640:w                             // $180
        or (16|M0)               r30.0<1>:d    r105.0<8;8,1>:d   r30.0<8;8,1>:d   {Compacted}        // $57
        or (16|M0)               r32.0<1>:d    r105.0<8;8,1>:d   r32.0<8;8,1>:d   {Compacted}        // $61
        or (16|M0)               r34.0<1>:d    r105.0<8;8,1>:d   r34.0<8;8,1>:d   {Compacted}        // $65
        or (16|M0)               r36.0<1>:d    r105.0<8;8,1>:d   r36.0<8;8,1>:d   {Compacted}        // $69
        or (16|M0)               r38.0<1>:d    r105.0<8;8,1>:d   r38.0<8;8,1>:d   {Compacted}        // $73
        or (16|M0)               r40.0<1>:d    r105.0<8;8,1>:d   r40.0<8;8,1>:d   {Compacted}        // $77
        or (16|M0)               r42.0<1>:d    r105.0<8;8,1>:d   r42.0<8;8,1>:d   {Compacted}        // $81
        or (16|M0)               r44.0<1>:d    r105.0<8;8,1>:d   r44.0<8;8,1>:d   {Compacted}        // $85
        or (16|M0)               r46.0<1>:d    r105.0<8;8,1>:d   r46.0<8;8,1>:d   {Compacted}        // $89
        or (16|M0)               r48.0<1>:d    r105.0<8;8,1>:d   r48.0<8;8,1>:d   {Compacted}        // $93
        or (16|M0)               r50.0<1>:d    r105.0<8;8,1>:d   r50.0<8;8,1>:d   {Compacted}        // $97
        or (16|M0)               r52.0<1>:d    r105.0<8;8,1>:d   r52.0<8;8,1>:d   {Compacted}        // $101
        or (16|M0)               r54.0<1>:d    r105.0<8;8,1>:d   r54.0<8;8,1>:d   {Compacted}        // $105
        or (16|M0)               r56.0<1>:d    r105.0<8;8,1>:d   r56.0<8;8,1>:d   {Compacted}        // $109
        or (16|M0)               r58.0<1>:d    r105.0<8;8,1>:d   r58.0<8;8,1>:d   {Compacted}        // $113
        or (16|M0)               r60.0<1>:d    r105.0<8;8,1>:d   r60.0<8;8,1>:d   {Compacted}        // $117
        or (16|M0)               r62.0<1>:d    r105.0<8;8,1>:d   r62.0<8;8,1>:d   {Compacted}        // $121
        or (16|M0)               r64.0<1>:d    r105.0<8;8,1>:d   r64.0<8;8,1>:d   {Compacted}        // $125
        or (16|M0)               r66.0<1>:d    r105.0<8;8,1>:d   r66.0<8;8,1>:d   {Compacted}        // $129
        or (16|M0)               r68.0<1>:d    r105.0<8;8,1>:d   r68.0<8;8,1>:d   {Compacted}        // $133
        or (16|M0)               r70.0<1>:d    r105.0<8;8,1>:d   r70.0<8;8,1>:d   {Compacted}        // $137
        or (16|M0)               r72.0<1>:d    r105.0<8;8,1>:d   r72.0<8;8,1>:d   {Compacted}        // $141
        or (16|M0)               r74.0<1>:d    r105.0<8;8,1>:d   r74.0<8;8,1>:d   {Compacted}        // $145
        or (16|M0)               r76.0<1>:d    r105.0<8;8,1>:d   r76.0<8;8,1>:d   {Compacted}        // $149
        or (16|M0)               r78.0<1>:d    r105.0<8;8,1>:d   r78.0<8;8,1>:d   {Compacted}        // $153
        or (16|M0)               r80.0<1>:d    r105.0<8;8,1>:d   r80.0<8;8,1>:d   {Compacted}        // $157
        or (16|M0)               r82.0<1>:d    r105.0<8;8,1>:d   r82.0<8;8,1>:d   {Compacted}        // $161
        or (16|M0)               r84.0<1>:d    r105.0<8;8,1>:d   r84.0<8;8,1>:d   {Compacted}        // $165
        or (16|M0)               r86.0<1>:d    r105.0<8;8,1>:d   r86.0<8;8,1>:d   {Compacted}        // $169
        or (16|M0)               r88.0<1>:d    r105.0<8;8,1>:d   r88.0<8;8,1>:d   {Compacted}        // $173
        or (16|M0)               r90.0<1>:d    r105.0<8;8,1>:d   r90.0<8;8,1>:d   {Compacted}        // $177
        or (16|M0)               r92.0<1>:d    r105.0<8;8,1>:d   r92.0<8;8,1>:d   {Compacted}        // $181
        send.dc1 (16|M0)         null     r30     null    0x0            0x040085FE           {$13} // wr:2+0, rd:0; untyped atomic int32 integer increment // $58
        send.dc1 (16|M0)         null     r32     null    0x0            0x040085FE           {$10} // wr:2+0, rd:0; untyped atomic int32 integer increment // $62
        send.dc1 (16|M0)         null     r34     null    0x0            0x040085FE           {$12} // wr:2+0, rd:0; untyped atomic int32 integer increment // $66
        send.dc1 (16|M0)         null     r36     null    0x0            0x040085FE           {$3} // wr:2+0, rd:0; untyped atomic int32 integer increment // $70
        send.dc1 (16|M0)         null     r38     null    0x0            0x040085FE           {$7} // wr:2+0, rd:0; untyped atomic int32 integer increment // $74
        send.dc1 (16|M0)         null     r40     null    0x0            0x040085FE           {$9} // wr:2+0, rd:0; untyped atomic int32 integer increment // $78
        send.dc1 (16|M0)         null     r42     null    0x0            0x040085FE           {$4} // wr:2+0, rd:0; untyped atomic int32 integer increment // $82
        send.dc1 (16|M0)         null     r44     null    0x0            0x040085FE           {$0} // wr:2+0, rd:0; untyped atomic int32 integer increment // $86
        send.dc1 (16|M0)         null     r46     null    0x0            0x040085FE           {$11} // wr:2+0, rd:0; untyped atomic int32 integer increment // $90
        send.dc1 (16|M0)         null     r48     null    0x0            0x040085FE           {$6} // wr:2+0, rd:0; untyped atomic int32 integer increment // $94
        send.dc1 (16|M0)         null     r50     null    0x0            0x040085FE           {$14} // wr:2+0, rd:0; untyped atomic int32 integer increment // $98
        send.dc1 (16|M0)         null     r52     null    0x0            0x040085FE           {$1} // wr:2+0, rd:0; untyped atomic int32 integer increment // $102
        send.dc1 (16|M0)         null     r54     null    0x0            0x040085FE           {$5} // wr:2+0, rd:0; untyped atomic int32 integer increment // $106
        send.dc1 (16|M0)         null     r56     null    0x0            0x040085FE           {$3} // wr:2+0, rd:0; untyped atomic int32 integer increment // $110
        send.dc1 (16|M0)         null     r58     null    0x0            0x040085FE           {$15} // wr:2+0, rd:0; untyped atomic int32 integer increment // $114
        send.dc1 (16|M0)         null     r60     null    0x0            0x040085FE           {$13} // wr:2+0, rd:0; untyped atomic int32 integer increment // $118
        send.dc1 (16|M0)         null     r62     null    0x0            0x040085FE           {$8} // wr:2+0, rd:0; untyped atomic int32 integer increment // $122
        send.dc1 (16|M0)         null     r64     null    0x0            0x040085FE           {$2} // wr:2+0, rd:0; untyped atomic int32 integer increment // $126
        send.dc1 (16|M0)         null     r66     null    0x0            0x040085FE           {$6} // wr:2+0, rd:0; untyped atomic int32 integer increment // $130
        send.dc1 (16|M0)         null     r68     null    0x0            0x040085FE           {$10} // wr:2+0, rd:0; untyped atomic int32 integer increment // $134
        send.dc1 (16|M0)         null     r70     null    0x0            0x040085FE           {$12} // wr:2+0, rd:0; untyped atomic int32 integer increment // $138
        send.dc1 (16|M0)         null     r72     null    0x0            0x040085FE           {@7,$1} // wr:2+0, rd:0; untyped atomic int32 integer increment // $142
        send.dc1 (16|M0)         null     r74     null    0x0            0x040085FE           {@7,$7} // wr:2+0, rd:0; untyped atomic int32 integer increment // $146
        send.dc1 (16|M0)         null     r76     null    0x0            0x040085FE           {@7,$3} // wr:2+0, rd:0; untyped atomic int32 integer increment // $150
        send.dc1 (16|M0)         null     r78     null    0x0            0x040085FE           {@7,$0} // wr:2+0, rd:0; untyped atomic int32 integer increment // $154
        send.dc1 (16|M0)         null     r80     null    0x0            0x040085FE           {@7,$15} // wr:2+0, rd:0; untyped atomic int32 integer increment // $158
        send.dc1 (16|M0)         null     r82     null    0x0            0x040085FE           {@6,$9} // wr:2+0, rd:0; untyped atomic int32 integer increment // $162
        send.dc1 (16|M0)         null     r84     null    0x0            0x040085FE           {@5,$11} // wr:2+0, rd:0; untyped atomic int32 integer increment // $166
        send.dc1 (16|M0)         null     r86     null    0x0            0x040085FE           {@4,$14} // wr:2+0, rd:0; untyped atomic int32 integer increment // $170
        send.dc1 (16|M0)         null     r88     null    0x0            0x040085FE           {@3,$4} // wr:2+0, rd:0; untyped atomic int32 integer increment // $174
        send.dc1 (16|M0)         null     r90     null    0x0            0x040085FE           {@2,$5} // wr:2+0, rd:0; untyped atomic int32 integer increment // $178
        send.dc1 (16|M0)         null     r92     null    0x0            0x040085FE           {@1,$13} // wr:2+0, rd:0; untyped atomic int32 integer increment // $182
(W)     csel (4|M0)   (eq)f0.0   r0.0<1>:w     r0.0<4;1>:w       r0.0<4;1>:w       r0.0<1>:w         // $197
(~f0.0) break (16|M0)                        _hist_lanes_k0_4_cf  _hist_lanes_k0_4_cf                // $197
// B009: [NoMaskWA],  [inDivergent],  Preds:{B008},  Succs:{B010}
_0_036:
        mov (16|M0)              r115.0<1>:f   r117.0<8;8,1>:f                  {Compacted}          // $199
// B010: [NoMaskWA],  [inDivergent],  Preds:{B009},  Succs:{B008}
_hist_lanes_k0_4_cf:
        while (16|M0)                        _0_035                                                  // $200
// B011: Preds:{B006, B008},  Succs:{B012, B013}
_0_034:
        endif (16|M0)                        L2472                                                   // $36
L2472:
        cmp (16|M0)   (lt)f0.0   null<1>:d     r111.0<8;8,1>:ud  r6.6<0;1,0>:ud                      // $202
(f0.0)  cmp (16|M0)   (eq)f0.0   null<1>:d     r113.0<8;8,1>:d   0:w                                 // $203
(W)     csel (4|M0)   (eq)f0.0   r0.0<1>:w     r0.0<4;1>:w       r0.0<4;1>:w       r0.0<1>:w        {@7} // $205
(f0.0)  if (16|M0)                           _0_037            _0_037                                // $205
// B012: [inDivergent],  Preds:{B011},  Succs:{B013}
_0_038:
        shl (16|M0)              r2.0<1>:d     r111.0<8;8,1>:d   4:w               {Compacted,$2.src} // $207
        add (16|M0)              r2.0<1>:d     r2.0<8;8,1>:d     r5.7<0;1,0>:d    {Compacted,@1}     // $208
        send.dc1 (16|M0)         r8       r2      null    0x0            0x04805000           {@1,$8} // wr:2+0, rd:8; untyped surface read with xyzw // $210
        shl (16|M0)              r16.0<1>:d    r8.0<8;8,1>:d     7:w               {Compacted,$8.dst} // $211
        shr (16|M0)              r18.0<1>:d    r8.0<8;8,1>:ud    1:w               {Compacted}       // $215
        shr (16|M0)              r20.0<1>:d    r8.0<8;8,1>:ud    9:w               {Compacted}       // $219
        shr (16|M0)              r22.0<1>:d    r8.0<8;8,1>:ud    17:w               {Compacted}      // $223
        shl (16|M0)              r24.0<1>:d    r10.0<8;8,1>:d    7:w               {Compacted}       // $227
        shr (16|M0)              r26.0<1>:d    r10.0<8;8,1>:ud   1:w               {Compacted}       // $231
        shr (16|M0)              r28.0<1>:d    r10.0<8;8,1>:ud   9:w               {Compacted}       // $235
        shr (16|M0)              r30.0<1>:d    r10.0<8;8,1>:ud   17:w               {Compacted,$13.src} // $239
        shl (16|M0)              r32.0<1>:d    r12.0<8;8,1>:d    7:w               {Compacted,$10.src} // $243
        shr (16|M0)              r34.0<1>:d    r12.0<8;8,1>:ud   1:w               {Compacted,$12.src} // $247
        shr (16|M0)              r36.0<1>:d    r12.0<8;8,1>:ud   9:w               {Compacted,$3.src} // $251
        shr (16|M0)              r38.0<1>:d    r12.0<8;8,1>:ud   17:w               {Compacted,$7.src} // $255
        shl (16|M0)              r40.0<1>:d    r14.0<8;8,1>:d    7:w               {Compacted,$9.src} // $259
        shr (16|M0)              r42.0<1>:d    r14.0<8;8,1>:ud   1:w               {Compacted,$4.src} // $263
        shr (16|M0)              r44.0<1>:d    r14.0<8;8,1>:ud   9:w               {Compacted,$0.src} // $267
        shr (16|M0)              r46.0<1>:d    r14.0<8;8,1>:ud   17:w               {Compacted,$11.src} // $271
        and (16|M0)              r16.0<1>:d    r16.0<8;8,1>:d    32640:w                             // $212
        and (16|M0)              r18.0<1>:d    r18.0<8;8,1>:d    32640:w                             // $216
        and (16|M0)              r20.0<1>:d    r20.0<8;8,1>:d    32640:w                             // $220
        and (16|M0)              r22.0<1>:d    r22.0<8;8,1>:d    32640:w                             // $224
        and (16|M0)              r24.0<1>:d    r24.0<8;8,1>:d    32640:w                             // $228
        and (16|M0)              r26.0<1>:d    r26.0<8;8,1>:d    32640:w                             // $232
        and (16|M0)              r28.0<1>:d    r28.0<8;8,1>:d    32640:w                             // $236
        and (16|M0)              r30.0<1>:d    r30.0<8;8,1>:d    32640:w                             // $240
        and (16|M0)              r32.0<1>:d    r32.0<8;8,1>:d    32640:w                             // $244
        and (16|M0)              r34.0<1>:d    r34.0<8;8,1>:d    32640:w                             // $248
        and (16|M0)              r36.0<1>:d    r36.0<8;8,1>:d    32640:w                             // $252
        and (16|M0)              r38.0<1>:d    r38.0<8;8,1>:d    32640:w                             // $256
        and (16|M0)              r40.0<1>:d    r40.0<8;8,1>:d    32640:w                             // $260
        and (16|M0)              r42.0<1>:d    r42.0<8;8,1>:d    32640:w                             // $264
        and (16|M0)              r44.0<1>:d    r44.0<8;8,1>:d    32640:w                             // $268
        and (16|M0)              r46.0<1>:d    r46.0<8;8,1>:d    32640:w                             // $272
        or (16|M0)               r16.0<1>:d    r105.0<8;8,1>:d   r16.0<8;8,1>:d   {Compacted}        // $213
        or (16|M0)               r18.0<1>:d    r105.0<8;8,1>:d   r18.0<8;8,1>:d   {Compacted}        // $217
        or (16|M0)               r20.0<1>:d    r105.0<8;8,1>:d   r20.0<8;8,1>:d   {Compacted}        // $221
        or (16|M0)               r22.0<1>:d    r105.0<8;8,1>:d   r22.0<8;8,1>:d   {Compacted}        // $225
        or (16|M0)               r24.0<1>:d    r105.0<8;8,1>:d   r24.0<8;8,1>:d   {Compacted}        // $229
        or (16|M0)               r26.0<1>:d    r105.0<8;8,1>:d   r26.0<8;8,1>:d   {Compacted}        // $233
        or (16|M0)               r28.0<1>:d    r105.0<8;8,1>:d   r28.0<8;8,1>:d   {Compacted}        // $237
        or (16|M0)               r30.0<1>:d    r105.0<8;8,1>:d   r30.0<8;8,1>:d   {Compacted}        // $241
        or (16|M0)               r32.0<1>:d    r105.0<8;8,1>:d   r32.0<8;8,1>:d   {Compacted}        // $245
        or (16|M0)               r34.0<1>:d    r105.0<8;8,1>:d   r34.0<8;8,1>:d   {Compacted}        // $249
        or (16|M0)               r36.0<1>:d    r105.0<8;8,1>:d   r36.0<8;8,1>:d   {Compacted}        // $253
        or (16|M0)               r38.0<1>:d    r105.0<8;8,1>:d   r38.0<8;8,1>:d   {Compacted}        // $257
        or (16|M0)               r40.0<1>:d    r105.0<8;8,1>:d   r40.0<8;8,1>:d   {Compacted}        // $261
        or (16|M0)               r42.0<1>:d    r105.0<8;8,1>:d   r42.0<8;8,1>:d   {Compacted}        // $265
        or (16|M0)               r44.0<1>:d    r105.0<8;8,1>:d   r44.0<8;8,1>:d   {Compacted}        // $269
        or (16|M0)               r46.0<1>:d    r105.0<8;8,1>:d   r46.0<8;8,1>:d   {Compacted}        // $273
        send.dc1 (16|M0)         null     r16     null    0x0            0x040085FE           {$2} // wr:2+0, rd:0; untyped atomic int32 integer increment // $214
        send.dc1 (16|M0)         null     r18     null    0x0            0x040085FE           {$6} // wr:2+0, rd:0; untyped atomic int32 integer increment // $218
        send.dc1 (16|M0)         null     r20     null    0x0            0x040085FE           {$10} // wr:2+0, rd:0; untyped atomic int32 integer increment // $222
        send.dc1 (16|M0)         null     r22     null    0x0            0x040085FE           {$12} // wr:2+0, rd:0; untyped atomic int32 integer increment // $226
        send.dc1 (16|M0)         null     r24     null    0x0            0x040085FE           {$1} // wr:2+0, rd:0; untyped atomic int32 integer increment // $230
        send.dc1 (16|M0)         null     r26     null    0x0            0x040085FE           {@7,$7} // wr:2+0, rd:0; untyped atomic int32 integer increment // $234
        send.dc1 (16|M0)         null     r28     null    0x0            0x040085FE           {@7,$3} // wr:2+0, rd:0; untyped atomic int32 integer increment // $238
        send.dc1 (16|M0)         null     r30     null    0x0            0x040085FE           {@7,$0} // wr:2+0, rd:0; untyped atomic int32 integer increment // $242
        send.dc1 (16|M0)         null     r32     null    0x0            0x040085FE           {@7,$15} // wr:2+0, rd:0; untyped atomic int32 integer increment // $246
        send.dc1 (16|M0)         null     r34     null    0x0            0x040085FE           {@7,$9} // wr:2+0, rd:0; untyped atomic int32 integer increment // $250
        send.dc1 (16|M0)         null     r36     null    0x0            0x040085FE           {@6,$11} // wr:2+0, rd:0; untyped atomic int32 integer increment // $254
        send.dc1 (16|M0)         null     r38     null    0x0            0x040085FE           {@5,$14} // wr:2+0, rd:0; untyped atomic int32 integer increment // $258
        send.dc1 (16|M0)         null     r40     null    0x0            0x040085FE           {@4,$4} // wr:2+0, rd:0; untyped atomic int32 integer increment // $262
        send.dc1 (16|M0)         null     r42     null    0x0            0x040085FE           {@3,$5} // wr:2+0, rd:0; untyped atomic int32 integer increment // $266
        send.dc1 (16|M0)         null     r44     null    0x0            0x040085FE           {@2,$13} // wr:2+0, rd:0; untyped atomic int32 integer increment // $270
        send.dc1 (16|M0)         null     r46     null    0x0            0x040085FE           {@1,$2} // wr:2+0, rd:0; untyped atomic int32 integer increment // $274
// B013: Preds:{B012, B011},  Succs:{B014, B015}
_0_037:
        endif (16|M0)                        L3352                                                   // $205
L3352:
(W)     and (1|M0)               r2.0<1>:d     r5.6<0;1,0>:d     1:w               {Compacted}       // $276
        sync.nop                             null                             {Compacted,$2.src}     // $277
(W)     cmp (1|M0)    (eq)f1.0   r3.0<1>:d     r2.0<0;1,0>:d     0:w               {@1}              // $277
        cmp (16|M0)   (ne)f1.0   null<1>:d     r107.0<8;8,1>:d   0:w                                 // $278
(~f1.0) sel (16|M0)              r8.0<1>:d     -r3.0<0;1,0>:d    1:w               {@2}              // $279
        cmp (16|M0)   (ne)f0.1   null<1>:d     r8.0<8;8,1>:d     0:w               {@1}              // $280
(W)     csel (4|M0)   (eq)f0.0   r0.0<1>:w     r0.0<4;1>:w       r0.0<4;1>:w       r0.0<1>:w         // $281
(~f0.1) if (16|M0)                           _0_039            _0_039                                // $281
// B014: [inDivergent],  Preds:{B013},  Succs:{B015}
_0_040:
(W)     shl (1|M0)               r2.0<1>:d     r5.6<0;1,0>:d     3:w               {Compacted}       // $283
(W)     mov (2|M0)               r5.0<1>:w     0x40:uv                                               // $285
(W)     add (1|M0)               r3.0<1>:d     r2.0<0;1,0>:d     -8:w               {Compacted,@2}   // $284
(W)     add (2|M0)               r8.0<1>:ud    r3.0<0;1,0>:ud    r5.0<2;2,1>:w    {@1}               // $285
(W)     send.dc0 (2|M0)          r9       r8      null    0x0            0x02110801           {@1,$8} // wr:1+0, rd:1; byte gathering read 32b // $287
(W)     shl (1|M0)               r10.0<1>:d    r9.0<0;1,0>:d     7:w               {Compacted,$8.dst} // $288
(W)     shr (1|M0)               r11.0<1>:d    r9.0<0;1,0>:ud    1:w               {Compacted}       // $292
(W)     shr (1|M0)               r12.0<1>:d    r9.0<0;1,0>:ud    9:w               {Compacted}       // $296
(W)     shr (1|M0)               r13.0<1>:d    r9.0<0;1,0>:ud    17:w               {Compacted}      // $300
(W)     shl (1|M0)               r14.0<1>:d    r9.1<0;1,0>:d     7:w               {Compacted}       // $304
(W)     shr (1|M0)               r15.0<1>:d    r9.1<0;1,0>:ud    1:w               {Compacted}       // $308
(W)     shr (1|M0)               r16.0<1>:d    r9.1<0;1,0>:ud    9:w               {Compacted,$2.src} // $312
(W)     shr (1|M0)               r17.0<1>:d    r9.1<0;1,0>:ud    17:w               {Compacted}      // $316
        sync.nop                             null                             {Compacted,$6.src}     // $289
(W)     and (1|M0)               r18.0<1>:d    r10.0<0;1,0>:d    32640:w               {@7}          // $289
(W)     and (1|M0)               r19.0<1>:d    r11.0<0;1,0>:d    32640:w               {@7}          // $293
        sync.nop                             null                             {Compacted,$10.src}    // $297
(W)     and (1|M0)               r20.0<1>:d    r12.0<0;1,0>:d    32640:w               {@7}          // $297
(W)     and (1|M0)               r21.0<1>:d    r13.0<0;1,0>:d    32640:w               {@7}          // $301
        sync.nop                             null                             {Compacted,$12.src}    // $305
(W)     and (1|M0)               r22.0<1>:d    r14.0<0;1,0>:d    32640:w               {@7}          // $305
(W)     and (1|M0)               r23.0<1>:d    r15.0<0;1,0>:d    32640:w               {@7}          // $309
        sync.nop                             null                             {Compacted,$1.src}     // $313
(W)     and (1|M0)               r24.0<1>:d    r16.0<0;1,0>:d    32640:w               {@7}          // $313
(W)     and (1|M0)               r25.0<1>:d    r17.0<0;1,0>:d    32640:w               {@7}          // $317
        sync.nop                             null                             {Compacted,$7.src}     // $290
        or (16|M0)               r26.0<1>:d    r105.0<8;8,1>:d   r18.0<0;1,0>:d   {Compacted,@7}     // $290
        sync.nop                             null                             {Compacted,$3.src}     // $294
        or (16|M0)               r28.0<1>:d    r105.0<8;8,1>:d   r19.0<0;1,0>:d   {Compacted,@7}     // $294
        sync.allrd                           ($0,$13)                                                // $298
        or (16|M0)               r30.0<1>:d    r105.0<8;8,1>:d   r20.0<0;1,0>:d   {Compacted,@7}     // $298
        sync.nop                             null                             {Compacted,$15.src}    // $302
        or (16|M0)               r32.0<1>:d    r105.0<8;8,1>:d   r21.0<0;1,0>:d   {Compacted,@7}     // $302
        sync.nop                             null                             {Compacted,$9.src}     // $306
        or (16|M0)               r34.0<1>:d    r105.0<8;8,1>:d   r22.0<0;1,0>:d   {Compacted,@7}     // $306
        sync.nop                             null                             {Compacted,$11.src}    // $310
        or (16|M0)               r36.0<1>:d    r105.0<8;8,1>:d   r23.0<0;1,0>:d   {Compacted,@7}     // $310
        sync.nop                             null                             {Compacted,$14.src}    // $314
        or (16|M0)               r38.0<1>:d    r105.0<8;8,1>:d   r24.0<0;1,0>:d   {Compacted,@7}     // $314
        sync.nop                             null                             {Compacted,$4.src}     // $318
        or (16|M0)               r40.0<1>:d    r105.0<8;8,1>:d   r25.0<0;1,0>:d   {Compacted,@7}     // $318 R{} IR{}{O:4,O:4,},  R{r25,} IR{} {BC=1}
        send.dc1 (16|M0)         null     r26     null    0x0            0x040085FE           {@7,$6} // wr:2+0, rd:0; untyped atomic int32 integer increment // $291
        send.dc1 (16|M0)         null     r28     null    0x0            0x040085FE           {@7,$10} // wr:2+0, rd:0; untyped atomic int32 integer increment // $295
        send.dc1 (16|M0)         null     r30     null    0x0            0x040085FE           {@6,$12} // wr:2+0, rd:0; untyped atomic int32 integer increment // $299
        send.dc1 (16|M0)         null     r32     null    0x0            0x040085FE           {@5,$1} // wr:2+0, rd:0; untyped atomic int32 integer increment // $303
        send.dc1 (16|M0)         null     r34     null    0x0            0x040085FE           {@4,$7} // wr:2+0, rd:0; untyped atomic int32 integer increment // $307
        send.dc1 (16|M0)         null     r36     null    0x0            0x040085FE           {@3,$3} // wr:2+0, rd:0; untyped atomic int32 integer increment // $311
        send.dc1 (16|M0)         null     r38     null    0x0            0x040085FE           {@2,$0} // wr:2+0, rd:0; untyped atomic int32 integer increment // $315
        send.dc1 (16|M0)         null     r40     null    0x0            0x040085FE           {@1,$15} // wr:2+0, rd:0; untyped atomic int32 integer increment // $319
// B015: Preds:{B014, B013},  Succs:{B016, B020}
_0_039:
        endif (16|M0)                        L4032                                                   // $281
L4032:
(W)     send.dc0 (8|M0)          r2       r98     null    0x0            0x0219E0FE           {$9} // wr:1h+0, rd:1; synchronized SLM fence // $321
(W)     and (8|M0)               r3.0<1>:ud    r98.2<0;1,0>:ud   0x7F000000:ud                       // $322
(W)     mov (8|M0)               null<1>:ud    r2.0<8;8,1>:ud                   {$9.dst}             //  memory fence commit; $322
(W)     send.gtwy (1|M0)         null     r3      null    0x0            0x02000004           {@2,$11} // wr:1+0, rd:0; signal barrier // $322
(W)     sync.bar                             null                                                    // $322
        cmp (16|M0)   (lt)f0.0   null<1>:w     r1.0<16;16,1>:uw  0x100:uw                            // $323
(W)     csel (4|M0)   (eq)f0.0   r0.0<1>:w     r0.0<4;1>:w       r0.0<4;1>:w       r0.0<1>:w         // $324
(f0.0)  if (16|M0)                           _hist_lanes_k0_0_cf  _hist_lanes_k0_0_cf                // $324
// B016: [inDivergent],  Preds:{B015},  Succs:{B017}
_0_042:
(W)     mov (1|M0)               r7.4<1>:f     r5.4<0;1,0>:f                                         // $326
(W)     mov (1|M0)               r7.5<1>:f     r5.5<0;1,0>:f                                         // $327
// B017: [NoMaskWA],  [inDivergent],  Preds:{B019, B016},  Succs:{B018, B019}
_0_043:
        add (16|M0)              r2.0<1>:d     r99.0<8;8,1>:d    1:w               {Compacted,$11.src} // $335
        shl (16|M0)              r8.0<1>:d     r99.0<8;8,1>:d    5:w               {Compacted}       // $329
        and (16|M0)              r10.0<1>:d    r99.0<8;8,1>:d    31:w               {Compacted}      // $330
        add (16|M0)              r12.0<1>:d    r99.0<8;8,1>:d    2:w               {Compacted,$14.src} // $342
        and (16|M0)              r2.0<1>:d     r2.0<8;8,1>:d     31:w               {Compacted,@4}   // $336
        or (16|M0)               r10.0<1>:d    r8.0<8;8,1>:d     r10.0<8;8,1>:d   {Compacted,@3}     // $331
        or (16|M0)               r2.0<1>:d     r8.0<8;8,1>:d     r2.0<8;8,1>:d    {Compacted,@2}     // $337
        add (16|M0)              r14.0<1>:d    r99.0<8;8,1>:d    3:w               {Compacted,$4.src} // $349
        and (16|M0)              r12.0<1>:d    r12.0<8;8,1>:d    31:w               {Compacted,@5}   // $343
        shl (16|M0)              r10.0<1>:d    r10.0<8;8,1>:d    2:w               {Compacted,@4}    // $332
        shl (16|M0)              r2.0<1>:d     r2.0<8;8,1>:d     2:w               {Compacted,@4}    // $338
        or (16|M0)               r12.0<1>:d    r8.0<8;8,1>:d     r12.0<8;8,1>:d   {Compacted,@3}     // $344
        add (16|M0)              r16.0<1>:d    r99.0<8;8,1>:d    4:w               {Compacted,$2.src} // $356
        and (16|M0)              r14.0<1>:d    r14.0<8;8,1>:d    31:w               {Compacted,@6}   // $350
        add (16|M0)              r10.0<1>:d    r10.0<8;8,1>:d    268435456:d               {@5}      // $333
        add (16|M0)              r2.0<1>:d     r2.0<8;8,1>:d     268435456:d               {@5}      // $339
        shl (16|M0)              r12.0<1>:d    r12.0<8;8,1>:d    2:w               {Compacted,@5}    // $345
        or (16|M0)               r14.0<1>:d    r8.0<8;8,1>:d     r14.0<8;8,1>:d   {Compacted,@4}     // $351
        add (16|M0)              r18.0<1>:d    r99.0<8;8,1>:d    5:w               {Compacted,$6.src} // $363
        and (16|M0)              r16.0<1>:d    r16.0<8;8,1>:d    31:w               {Compacted,@7}   // $357
        send.dc1 (16|M0)         r20      r10     null    0x0            0x04205EFE           {@6,$5} // wr:2+0, rd:2; untyped surface read with x // $334
        send.dc1 (16|M0)         r22      r2      null    0x0            0x04205EFE           {@5,$13} // wr:2+0, rd:2; untyped surface read with x // $340
        add (16|M0)              r12.0<1>:d    r12.0<8;8,1>:d    268435456:d               {@4}      // $346
        shl (16|M0)              r14.0<1>:d    r14.0<8;8,1>:d    2:w               {Compacted,@4}    // $352
        or (16|M0)               r16.0<1>:d    r8.0<8;8,1>:d     r16.0<8;8,1>:d   {Compacted,@3}     // $358
        add (16|M0)              r24.0<1>:d    r99.0<8;8,1>:d    6:w               {Compacted,$1.src} // $370
        and (16|M0)              r18.0<1>:d    r18.0<8;8,1>:d    31:w               {Compacted,@6}   // $364
        send.dc1 (16|M0)         r26      r12     null    0x0            0x04205EFE           {@5,$2} // wr:2+0, rd:2; untyped surface read with x // $347
        add (16|M0)              r14.0<1>:d    r14.0<8;8,1>:d    268435456:d               {@4}      // $353
        shl (16|M0)              r16.0<1>:d    r16.0<8;8,1>:d    2:w               {Compacted,@4}    // $359
        or (16|M0)               r18.0<1>:d    r8.0<8;8,1>:d     r18.0<8;8,1>:d   {Compacted,@3}     // $365
        sync.nop                             null                             {Compacted,$10.src}    // $377
        add (16|M0)              r28.0<1>:d    r99.0<8;8,1>:d    7:w               {Compacted,$3.src} // $377
        and (16|M0)              r24.0<1>:d    r24.0<8;8,1>:d    31:w               {Compacted,@6}   // $371
        send.dc1 (16|M0)         r30      r14     null    0x0            0x04205EFE           {@5,$8} // wr:2+0, rd:2; untyped surface read with x // $354
        add (16|M0)              r16.0<1>:d    r16.0<8;8,1>:d    268435456:d               {@4}      // $360
        shl (16|M0)              r18.0<1>:d    r18.0<8;8,1>:d    2:w               {Compacted,@4}    // $366
        or (16|M0)               r24.0<1>:d    r8.0<8;8,1>:d     r24.0<8;8,1>:d   {Compacted,@3}     // $372 R{} IR{}{E:4,E:4,},  R{} IR{}{O:4,O:4,},  {BC=2}
        add (16|M0)              r32.0<1>:d    r99.0<8;8,1>:d    8:w               {Compacted,$15.src} // $384
        sync.allwr                           ($5,$13)                                                // $341
        sync.allrd                           ($7,$9)                                                 // $341
        add (16|M0)              r34.0<1>:d    r20.0<8;8,1>:d    r22.0<8;8,1>:d   {Compacted,$12.src} // $341
        and (16|M0)              r28.0<1>:d    r28.0<8;8,1>:d    31:w               {Compacted,@7}   // $378
        send.dc1 (16|M0)         r36      r16     null    0x0            0x04205EFE           {@6,$6} // wr:2+0, rd:2; untyped surface read with x // $361
        add (16|M0)              r18.0<1>:d    r18.0<8;8,1>:d    268435456:d               {@5}      // $367
        shl (16|M0)              r24.0<1>:d    r24.0<8;8,1>:d    2:w               {Compacted,@5}    // $373
        or (16|M0)               r28.0<1>:d    r8.0<8;8,1>:d     r28.0<8;8,1>:d   {Compacted,@3}     // $379
        add (16|M0)              r38.0<1>:d    r99.0<8;8,1>:d    9:w               {Compacted,$0.src} // $391
        and (16|M0)              r32.0<1>:d    r32.0<8;8,1>:d    31:w               {Compacted,@7}   // $385
        add (16|M0)              r40.0<1>:d    r34.0<8;8,1>:d    r26.0<8;8,1>:d   {Compacted,@7,$2.dst} // $348
        send.dc1 (16|M0)         r42      r18     null    0x0            0x04205EFE           {@6,$10} // wr:2+0, rd:2; untyped surface read with x // $368
        add (16|M0)              r24.0<1>:d    r24.0<8;8,1>:d    268435456:d               {@5}      // $374
        shl (16|M0)              r28.0<1>:d    r28.0<8;8,1>:d    2:w               {Compacted,@5}    // $380
        or (16|M0)               r32.0<1>:d    r8.0<8;8,1>:d     r32.0<8;8,1>:d   {Compacted,@4}     // $386
        add (16|M0)              r44.0<1>:d    r99.0<8;8,1>:d    10:w               {Compacted,$0.src} // $398
        and (16|M0)              r38.0<1>:d    r38.0<8;8,1>:d    31:w               {Compacted,@7}   // $392
        sync.nop                             null                             {Compacted,$11.src}    // $355
        add (16|M0)              r46.0<1>:d    r40.0<8;8,1>:d    r30.0<8;8,1>:d   {Compacted,@6,$8.dst} // $355
        send.dc1 (16|M0)         r48      r24     null    0x0            0x04205EFE           {@6,$12} // wr:2+0, rd:2; untyped surface read with x // $375
        add (16|M0)              r28.0<1>:d    r28.0<8;8,1>:d    268435456:d               {@5}      // $381
        shl (16|M0)              r32.0<1>:d    r32.0<8;8,1>:d    2:w               {Compacted,@5}    // $387
        or (16|M0)               r38.0<1>:d    r8.0<8;8,1>:d     r38.0<8;8,1>:d   {Compacted,@4}     // $393
        add (16|M0)              r50.0<1>:d    r99.0<8;8,1>:d    11:w               {Compacted,$14.src} // $405
        and (16|M0)              r44.0<1>:d    r44.0<8;8,1>:d    31:w               {Compacted,@7}   // $399
        add (16|M0)              r52.0<1>:d    r46.0<8;8,1>:d    r36.0<8;8,1>:d   {Compacted,@6,$6.dst} // $362
        send.dc1 (16|M0)         r54      r28     null    0x0            0x04205EFE           {@6,$1} // wr:2+0, rd:2; untyped surface read with x // $382
        add (16|M0)              r32.0<1>:d    r32.0<8;8,1>:d    268435456:d               {@5}      // $388
        shl (16|M0)              r38.0<1>:d    r38.0<8;8,1>:d    2:w               {Compacted,@5}    // $394
        or (16|M0)               r44.0<1>:d    r8.0<8;8,1>:d     r44.0<8;8,1>:d   {Compacted,@4}     // $400
        add (16|M0)              r56.0<1>:d    r99.0<8;8,1>:d    12:w               {Compacted}      // $412
        and (16|M0)              r50.0<1>:d    r50.0<8;8,1>:d    31:w               {Compacted,@7}   // $406
        sync.nop                             null                             {Compacted,$15.src}    // $369
        add (16|M0)              r58.0<1>:d    r52.0<8;8,1>:d    r42.0<8;8,1>:d   {Compacted,@6,$10.dst} // $369
        send.dc1 (16|M0)         r60      r32     null    0x0            0x04205EFE           {@6,$7} // wr:2+0, rd:2; untyped surface read with x // $389
        add (16|M0)              r38.0<1>:d    r38.0<8;8,1>:d    268435456:d               {@5}      // $395
        shl (16|M0)              r44.0<1>:d    r44.0<8;8,1>:d    2:w               {Compacted,@5}    // $401
        or (16|M0)               r50.0<1>:d    r8.0<8;8,1>:d     r50.0<8;8,1>:d   {Compacted,@4}     // $407
        add (16|M0)              r62.0<1>:d    r99.0<8;8,1>:d    13:w               {Compacted,$8.src} // $419
        and (16|M0)              r56.0<1>:d    r56.0<8;8,1>:d    31:w               {Compacted,@7}   // $413
        add (16|M0)              r64.0<1>:d    r58.0<8;8,1>:d    r48.0<8;8,1>:d   {Compacted,@6,$12.dst} // $376
        send.dc1 (16|M0)         r66      r38     null    0x0            0x04205EFE           {@6,$3} // wr:2+0, rd:2; untyped surface read with x // $396
        add (16|M0)              r44.0<1>:d    r44.0<8;8,1>:d    268435456:d               {@5}      // $402
        shl (16|M0)              r50.0<1>:d    r50.0<8;8,1>:d    2:w               {Compacted,@5}    // $408
        or (16|M0)               r56.0<1>:d    r8.0<8;8,1>:d     r56.0<8;8,1>:d   {Compacted,@4}     // $414 R{} IR{}{E:4,E:4,},  R{} IR{}{O:4,O:4,},  {BC=2}
        add (16|M0)              r68.0<1>:d    r99.0<8;8,1>:d    14:w               {Compacted}      // $426
        and (16|M0)              r62.0<1>:d    r62.0<8;8,1>:d    31:w               {Compacted,@7}   // $420
        add (16|M0)              r70.0<1>:d    r64.0<8;8,1>:d    r54.0<8;8,1>:d   {Compacted,@6,$1.dst} // $383
        send.dc1 (16|M0)         r72      r44     null    0x0            0x04205EFE           {@6,$0} // wr:2+0, rd:2; untyped surface read with x // $403
        add (16|M0)              r50.0<1>:d    r50.0<8;8,1>:d    268435456:d               {@5}      // $409
        shl (16|M0)              r56.0<1>:d    r56.0<8;8,1>:d    2:w               {Compacted,@5}    // $415
        or (16|M0)               r62.0<1>:d    r8.0<8;8,1>:d     r62.0<8;8,1>:d   {Compacted,@4}     // $421
        add (16|M0)              r74.0<1>:d    r99.0<8;8,1>:d    15:w               {Compacted}      // $433
        and (16|M0)              r68.0<1>:d    r68.0<8;8,1>:d    31:w               {Compacted,@7}   // $427
        add (16|M0)              r76.0<1>:d    r70.0<8;8,1>:d    r60.0<8;8,1>:d   {Compacted,@6,$7.dst} // $390
        send.dc1 (16|M0)         r78      r50     null    0x0            0x04205EFE           {@6,$15} // wr:2+0, rd:2; untyped surface read with x // $410
        add (16|M0)              r56.0<1>:d    r56.0<8;8,1>:d    268435456:d               {@5}      // $416
        shl (16|M0)              r62.0<1>:d    r62.0<8;8,1>:d    2:w               {Compacted,@5}    // $422
        or (16|M0)               r68.0<1>:d    r8.0<8;8,1>:d     r68.0<8;8,1>:d   {Compacted,@4}     // $428
        add (16|M0)              r80.0<1>:d    r99.0<8;8,1>:d    16:w               {Compacted}      // $440
        and (16|M0)              r74.0<1>:d    r74.0<8;8,1>:d    31:w               {Compacted,@7}   // $434
        add (16|M0)              r82.0<1>:d    r76.0<8;8,1>:d    r66.0<8;8,1>:d   {Compacted,@6,$3.dst} // $397
        send.dc1 (16|M0)         r84      r56     null    0x0            0x04205EFE           {@6,$9} // wr:2+0, rd:2; untyped surface read with x // $417
        add (16|M0)              r62.0<1>:d    r62.0<8;8,1>:d    268435456:d               {@5}      // $423
        shl (16|M0)              r68.0<1>:d    r68.0<8;8,1>:d    2:w               {Compacted,@5}    // $429
        or (16|M0)               r74.0<1>:d    r8.0<8;8,1>:d     r74.0<8;8,1>:d   {Compacted,@4}     // $435
        add (16|M0)              r86.0<1>:d    r99.0<8;8,1>:d    17:w               {Compacted}      // $447
        and (16|M0)              r80.0<1>:d    r80.0<8;8,1>:d    31:w               {Compacted,@7}   // $441
        sync.nop                             null                             {Compacted,$4.src}     // $404
        add (16|M0)              r88.0<1>:d    r82.0<8;8,1>:d    r72.0<8;8,1>:d   {Compacted,@6,$0.dst} // $404
        send.dc1 (16|M0)         r90      r62     null    0x0            0x04205EFE           {@6,$11} // wr:2+0, rd:2; untyped surface read with x // $424
        add (16|M0)              r68.0<1>:d    r68.0<8;8,1>:d    268435456:d               {@5}      // $430
        shl (16|M0)              r74.0<1>:d    r74.0<8;8,1>:d    2:w               {Compacted,@5}    // $436
        or (16|M0)               r80.0<1>:d    r8.0<8;8,1>:d     r80.0<8;8,1>:d   {Compacted,@4}     // $442
        add (16|M0)              r92.0<1>:d    r99.0<8;8,1>:d    18:w               {Compacted}      // $454
        and (16|M0)              r86.0<1>:d    r86.0<8;8,1>:d    31:w               {Compacted,@7}   // $448
        add (16|M0)              r94.0<1>:d    r88.0<8;8,1>:d    r78.0<8;8,1>:d   {Compacted,@6,$15.dst} // $411
        send.dc1 (16|M0)         r96      r68     null    0x0            0x04205EFE           {@6,$14} // wr:2+0, rd:2; untyped surface read with x // $431
        add (16|M0)              r74.0<1>:d    r74.0<8;8,1>:d    268435456:d               {@5}      // $437
        shl (16|M0)              r80.0<1>:d    r80.0<8;8,1>:d    2:w               {Compacted,@5}    // $443
        or (16|M0)               r86.0<1>:d    r8.0<8;8,1>:d     r86.0<8;8,1>:d   {Compacted,@4}     // $449
        add (16|M0)              r2.0<1>:d     r99.0<8;8,1>:d    19:w               {Compacted}      // $461
        and (16|M0)              r92.0<1>:d    r92.0<8;8,1>:d    31:w               {Compacted,@7}   // $455
        add (16|M0)              r10.0<1>:d    r94.0<8;8,1>:d    r84.0<8;8,1>:d   {Compacted,@6,$9.dst} // $418
        send.dc1 (16|M0)         r12      r74     null    0x0            0x04205EFE           {@6,$4} // wr:2+0, rd:2; untyped surface read with x // $438
        add (16|M0)              r80.0<1>:d    r80.0<8;8,1>:d    268435456:d               {@5}      // $444
        shl (16|M0)              r86.0<1>:d    r86.0<8;8,1>:d    2:w               {Compacted,@5}    // $450
        or (16|M0)               r92.0<1>:d    r8.0<8;8,1>:d     r92.0<8;8,1>:d   {Compacted,@4}     // $456
        add (16|M0)              r14.0<1>:d    r99.0<8;8,1>:d    20:w               {Compacted}      // $468
        and (16|M0)              r2.0<1>:d     r2.0<8;8,1>:d     31:w               {Compacted,@7}   // $462
        add (16|M0)              r16.0<1>:d    r10.0<8;8,1>:d    r90.0<8;8,1>:d   {Compacted,@6,$11.dst} // $425 R{} IR{}{E:5,E:5,},  R{} IR{}{O:5,O:5,},  {BC=2}
        send.dc1 (16|M0)         r18      r80     null    0x0            0x04205EFE           {@6,$5} // wr:2+0, rd:2; untyped surface read with x // $445
        add (16|M0)              r86.0<1>:d    r86.0<8;8,1>:d    268435456:d               {@5}      // $451
        shl (16|M0)              r92.0<1>:d    r92.0<8;8,1>:d    2:w               {Compacted,@5}    // $457
        or (16|M0)               r2.0<1>:d     r8.0<8;8,1>:d     r2.0<8;8,1>:d    {Compacted,@4}     // $463
        add (16|M0)              r20.0<1>:d    r99.0<8;8,1>:d    21:w               {Compacted}      // $475
        and (16|M0)              r14.0<1>:d    r14.0<8;8,1>:d    31:w               {Compacted,@7}   // $469
        add (16|M0)              r22.0<1>:d    r16.0<8;8,1>:d    r96.0<8;8,1>:d   {Compacted,@6,$14.dst} // $432 R{} IR{}{E:0,E:0,},  R{} IR{}{O:0,O:0,},  {BC=2}
        send.dc1 (16|M0)         r24      r86     null    0x0            0x04205EFE           {@6,$13} // wr:2+0, rd:2; untyped surface read with x // $452
        add (16|M0)              r92.0<1>:d    r92.0<8;8,1>:d    268435456:d               {@5}      // $458
        shl (16|M0)              r2.0<1>:d     r2.0<8;8,1>:d     2:w               {Compacted,@5}    // $464
        or (16|M0)               r14.0<1>:d    r8.0<8;8,1>:d     r14.0<8;8,1>:d   {Compacted,@4}     // $470
        add (16|M0)              r26.0<1>:d    r99.0<8;8,1>:d    22:w               {Compacted}      // $482
        and (16|M0)              r20.0<1>:d    r20.0<8;8,1>:d    31:w               {Compacted,@7}   // $476
        add (16|M0)              r28.0<1>:d    r22.0<8;8,1>:d    r12.0<8;8,1>:d   {Compacted,@6,$4.dst} // $439
        send.dc1 (16|M0)         r30      r92     null    0x0            0x04205EFE           {@6,$2} // wr:2+0, rd:2; untyped surface read with x // $459
        add (16|M0)              r2.0<1>:d     r2.0<8;8,1>:d     268435456:d               {@5}      // $465
        shl (16|M0)              r14.0<1>:d    r14.0<8;8,1>:d    2:w               {Compacted,@5}    // $471
        or (16|M0)               r20.0<1>:d    r8.0<8;8,1>:d     r20.0<8;8,1>:d   {Compacted,@4}     // $477
        add (16|M0)              r32.0<1>:d    r99.0<8;8,1>:d    23:w               {Compacted}      // $489
        and (16|M0)              r26.0<1>:d    r26.0<8;8,1>:d    31:w               {Compacted,@7}   // $483
        add (16|M0)              r34.0<1>:d    r28.0<8;8,1>:d    r18.0<8;8,1>:d   {Compacted,@6,$5.dst} // $446
        send.dc1 (16|M0)         r36      r2      null    0x0            0x04205EFE           {@6,$8} // wr:2+0, rd:2; untyped surface read with x // $466
        add (16|M0)              r14.0<1>:d    r14.0<8;8,1>:d    268435456:d               {@5}      // $472
        shl (16|M0)              r20.0<1>:d    r20.0<8;8,1>:d    2:w               {Compacted,@5}    // $478
        or (16|M0)               r26.0<1>:d    r8.0<8;8,1>:d     r26.0<8;8,1>:d   {Compacted,@4}     // $484
        add (16|M0)              r38.0<1>:d    r99.0<8;8,1>:d    24:w               {Compacted}      // $496
        and (16|M0)              r32.0<1>:d    r32.0<8;8,1>:d    31:w               {Compacted,@7}   // $490
        add (16|M0)              r40.0<1>:d    r34.0<8;8,1>:d    r24.0<8;8,1>:d   {Compacted,@6,$13.dst} // $453
        send.dc1 (16|M0)         r42      r14     null    0x0            0x04205EFE           {@6,$6} // wr:2+0, rd:2; untyped surface read with x // $473
        add (16|M0)              r20.0<1>:d    r20.0<8;8,1>:d    268435456:d               {@5}      // $479
        shl (16|M0)              r26.0<1>:d    r26.0<8;8,1>:d    2:w               {Compacted,@5}    // $485
        or (16|M0)               r32.0<1>:d    r8.0<8;8,1>:d     r32.0<8;8,1>:d   {Compacted,@4}     // $491
        add (16|M0)              r44.0<1>:d    r99.0<8;8,1>:d    25:w               {Compacted}      // $503
        and (16|M0)              r38.0<1>:d    r38.0<8;8,1>:d    31:w               {Compacted,@7}   // $497
        add (16|M0)              r46.0<1>:d    r40.0<8;8,1>:d    r30.0<8;8,1>:d   {Compacted,@6,$2.dst} // $460
        send.dc1 (16|M0)         r48      r20     null    0x0            0x04205EFE           {@6,$10} // wr:2+0, rd:2; untyped surface read with x // $480
        add (16|M0)              r26.0<1>:d    r26.0<8;8,1>:d    268435456:d               {@5}      // $486
        shl (16|M0)              r32.0<1>:d    r32.0<8;8,1>:d    2:w               {Compacted,@5}    // $492
        or (16|M0)               r38.0<1>:d    r8.0<8;8,1>:d     r38.0<8;8,1>:d   {Compacted,@4}     // $498
        add (16|M0)              r50.0<1>:d    r99.0<8;8,1>:d    26:w               {Compacted}      // $510
        and (16|M0)              r44.0<1>:d    r44.0<8;8,1>:d    31:w               {Compacted,@7}   // $504
        add (16|M0)              r52.0<1>:d    r46.0<8;8,1>:d    r36.0<8;8,1>:d   {Compacted,@6,$8.dst} // $467
        send.dc1 (16|M0)         r54      r26     null    0x0            0x04205EFE           {@6,$12} // wr:2+0, rd:2; untyped surface read with x // $487
        add (16|M0)              r32.0<1>:d    r32.0<8;8,1>:d    268435456:d               {@5}      // $493
        shl (16|M0)              r38.0<1>:d    r38.0<8;8,1>:d    2:w               {Compacted,@5}    // $499
        or (16|M0)               r44.0<1>:d    r8.0<8;8,1>:d     r44.0<8;8,1>:d   {Compacted,@4}     // $505
        add (16|M0)              r56.0<1>:d    r99.0<8;8,1>:d    27:w               {Compacted}      // $517
        and (16|M0)              r50.0<1>:d    r50.0<8;8,1>:d    31:w               {Compacted,@7}   // $511
        add (16|M0)              r58.0<1>:d    r52.0<8;8,1>:d    r42.0<8;8,1>:d   {Compacted,@6,$6.dst} // $474
        send.dc1 (16|M0)         r60      r32     null    0x0            0x04205EFE           {@6,$1} // wr:2+0, rd:2; untyped surface read with x // $494
        add (16|M0)              r38.0<1>:d    r38.0<8;8,1>:d    268435456:d               {@5}      // $500
        shl (16|M0)              r44.0<1>:d    r44.0<8;8,1>:d    2:w               {Compacted,@5}    // $506
        or (16|M0)               r50.0<1>:d    r8.0<8;8,1>:d     r50.0<8;8,1>:d   {Compacted,@4}     // $512
        add (16|M0)              r62.0<1>:d    r99.0<8;8,1>:d    28:w               {Compacted}      // $524
        and (16|M0)              r56.0<1>:d    r56.0<8;8,1>:d    31:w               {Compacted,@7}   // $518
        add (16|M0)              r64.0<1>:d    r58.0<8;8,1>:d    r48.0<8;8,1>:d   {Compacted,@6,$10.dst} // $481
        send.dc1 (16|M0)         r66      r38     null    0x0            0x04205EFE           {@6,$7} // wr:2+0, rd:2; untyped surface read with x // $501
        add (16|M0)              r44.0<1>:d    r44.0<8;8,1>:d    268435456:d               {@5}      // $507
        shl (16|M0)              r50.0<1>:d    r50.0<8;8,1>:d    2:w               {Compacted,@5}    // $513
        or (16|M0)               r56.0<1>:d    r8.0<8;8,1>:d     r56.0<8;8,1>:d   {Compacted,@4}     // $519 R{} IR{}{E:4,E:4,},  R{} IR{}{O:4,O:4,},  {BC=2}
        add (16|M0)              r68.0<1>:d    r99.0<8;8,1>:d    29:w               {Compacted}      // $531
        and (16|M0)              r62.0<1>:d    r62.0<8;8,1>:d    31:w               {Compacted,@7}   // $525
        add (16|M0)              r70.0<1>:d    r64.0<8;8,1>:d    r54.0<8;8,1>:d   {Compacted,@6,$12.dst} // $488
        send.dc1 (16|M0)         r72      r44     null    0x0            0x04205EFE           {@6,$3} // wr:2+0, rd:2; untyped surface read with x // $508
        add (16|M0)              r50.0<1>:d    r50.0<8;8,1>:d    268435456:d               {@5}      // $514
        shl (16|M0)              r56.0<1>:d    r56.0<8;8,1>:d    2:w               {Compacted,@5}    // $520
        or (16|M0)               r62.0<1>:d    r8.0<8;8,1>:d     r62.0<8;8,1>:d   {Compacted,@4}     // $526
        add (16|M0)              r74.0<1>:d    r99.0<8;8,1>:d    30:w               {Compacted}      // $538
        and (16|M0)              r68.0<1>:d    r68.0<8;8,1>:d    31:w               {Compacted,@7}   // $532
        add (16|M0)              r76.0<1>:d    r70.0<8;8,1>:d    r60.0<8;8,1>:d   {Compacted,@6,$1.dst} // $495
        send.dc1 (16|M0)         r78      r50     null    0x0            0x04205EFE           {@6,$0} // wr:2+0, rd:2; untyped surface read with x // $515
        add (16|M0)              r56.0<1>:d    r56.0<8;8,1>:d    268435456:d               {@5}      // $521
        shl (16|M0)              r62.0<1>:d    r62.0<8;8,1>:d    2:w               {Compacted,@5}    // $527
        or (16|M0)               r68.0<1>:d    r8.0<8;8,1>:d     r68.0<8;8,1>:d   {Compacted,@4}     // $533
        add (16|M0)              r80.0<1>:d    r99.0<8;8,1>:d    31:w               {Compacted}      // $545
        and (16|M0)              r74.0<1>:d    r74.0<8;8,1>:d    31:w               {Compacted,@7}   // $539
        add (16|M0)              r82.0<1>:d    r76.0<8;8,1>:d    r66.0<8;8,1>:d   {Compacted,@6,$7.dst} // $502
        send.dc1 (16|M0)         r84      r56     null    0x0            0x04205EFE           {@6,$15} // wr:2+0, rd:2; untyped surface read with x // $522
        add (16|M0)              r62.0<1>:d    r62.0<8;8,1>:d    268435456:d               {@5}      // $528
        shl (16|M0)              r68.0<1>:d    r68.0<8;8,1>:d    2:w               {Compacted,@5}    // $534
        or (16|M0)               r74.0<1>:d    r8.0<8;8,1>:d     r74.0<8;8,1>:d   {Compacted,@4}     // $540
        and (16|M0)              r80.0<1>:d    r80.0<8;8,1>:d    31:w               {Compacted,@6}   // $546
        add (16|M0)              r86.0<1>:d    r82.0<8;8,1>:d    r72.0<8;8,1>:d   {Compacted,@5,$3.dst} // $509
        send.dc1 (16|M0)         r88      r62     null    0x0            0x04205EFE           {@5,$9} // wr:2+0, rd:2; untyped surface read with x // $529
        add (16|M0)              r68.0<1>:d    r68.0<8;8,1>:d    268435456:d               {@4}      // $535
        shl (16|M0)              r74.0<1>:d    r74.0<8;8,1>:d    2:w               {Compacted,@4}    // $541
        or (16|M0)               r80.0<1>:d    r8.0<8;8,1>:d     r80.0<8;8,1>:d   {Compacted,@4}     // $547
        add (16|M0)              r90.0<1>:d    r86.0<8;8,1>:d    r78.0<8;8,1>:d   {Compacted,@4,$0.dst} // $516
        send.dc1 (16|M0)         r92      r68     null    0x0            0x04205EFE           {@4,$11} // wr:2+0, rd:2; untyped surface read with x // $536
        add (16|M0)              r74.0<1>:d    r74.0<8;8,1>:d    268435456:d               {@3}      // $542
        shl (16|M0)              r80.0<1>:d    r80.0<8;8,1>:d    2:w               {Compacted,@3}    // $548
        add (16|M0)              r94.0<1>:d    r90.0<8;8,1>:d    r84.0<8;8,1>:d   {Compacted,@3,$15.dst} // $523
        send.dc1 (16|M0)         r96      r74     null    0x0            0x04205EFE           {@3,$5} // wr:2+0, rd:2; untyped surface read with x // $543
        add (16|M0)              r80.0<1>:d    r80.0<8;8,1>:d    268435456:d               {@2}      // $549
        add (16|M0)              r2.0<1>:d     r94.0<8;8,1>:d    r88.0<8;8,1>:d   {Compacted,@2,$9.dst} // $530
        send.dc1 (16|M0)         r8       r80     null    0x0            0x04205EFE           {@2,$13} // wr:2+0, rd:2; untyped surface read with x // $550
        add (16|M0)              r10.0<1>:d    r2.0<8;8,1>:d     r92.0<8;8,1>:d   {Compacted,@1,$11.dst} // $537
        add (16|M0)              r12.0<1>:d    r10.0<8;8,1>:d    r96.0<8;8,1>:d   {Compacted,@1,$5.dst} // $544
        add (16|M0)   (eq)f1.0   r119.0<1>:d   r12.0<8;8,1>:d    r8.0<8;8,1>:d    {@1,$13.dst}       // $551
(W)     csel (4|M0)   (eq)f0.0   r0.0<1>:w     r0.0<4;1>:w       r0.0<4;1>:w       r0.0<1>:w         // $553
(~f1.0) if (16|M0)                           _0_044            _0_044                                // $553
// B018: [NoMaskWA],  [inDivergent],  Preds:{B017},  Succs:{B019}
_0_045:
        shl (16|M0)              r2.0<1>:d     r99.0<8;8,1>:d    2:w               {Compacted}       // $555
        addc (8|M0)              r8.0<1>:ud    r7.4<0;1,0>:ud    r2.0<8;8,1>:ud   {AccWrEn,Compacted,@1} // $556
        mov (8|M0)               r10.0<1>:ud   acc0.0<8;8,1>:ud                 {Compacted}          // $556
        addc (8|M8)              r9.0<1>:ud    r7.4<0;1,0>:ud    r3.0<8;8,1>:ud   {AccWrEn}          // $558
        add (8|M0)               r12.1<2>:ud   r10.0<8;8,1>:ud   r7.5<0;1,0>:ud   {@2}               // $557
        mov (8|M8)               r11.0<1>:ud   acc0.0<8;8,1>:ud                 {Compacted}          // $558
        mov (8|M0)               r12.0<2>:f    r8.0<8;8,1>:f                    {Compacted,@5}       // $560
        add (8|M8)               r14.1<2>:ud   r11.0<8;8,1>:ud   r7.5<0;1,0>:ud   {@2}               // $559
        mov (8|M8)               r14.0<2>:f    r9.0<8;8,1>:f                    {Compacted,@5}       // $560
        send.dc1 (8|M0)          null     r12     r119    0x40            0x040487FF           {@3,$14} // wr:2+1, rd:0; untyped a64 atomic int32 integer add // $562
        send.dc1 (8|M8)          null     r14     r120    0x40            0x040487FF           {@1,$4} // wr:2+1, rd:0; untyped a64 atomic int32 integer add // $563
// B019: [NoMaskWA],  [inDivergent],  Preds:{B018, B017},  Succs:{B020, B017}
_0_044:
        endif (16|M0)                        L6736                                                   // $553
L6736:
        add (16|M0)              r99.0<1>:d    r99.0<8;8,1>:d    r6.3<0;1,0>:d    {Compacted}        // $565
        cmp (16|M0)   (lt)f0.1   null<1>:d     r99.0<8;8,1>:ud   0x100:uw              {@1}          // $566
(W)     csel (4|M0)   (eq)f0.0   r0.0<1>:w     r0.0<4;1>:w       r0.0<4;1>:w       r0.0<1>:w         // $567
(f0.1)  while (16|M0)                        _0_043                                                  // $567
// B020: Preds:{B015, B019},  Succs:{B021}
_hist_lanes_k0_0_cf:
        endif (16|M0)                        _0_041                                                  // $324
// B021: Preds:{B020},  Succs:{}
_0_041:
(W)     mov (8|M0)               r127.0<1>:f   r98.0<8;8,1>:f                   {Compacted}          // $569
(W)     send.dc0 (8|M0)          r2       r98     null    0x0            0x0219E000           {$14} // wr:1h+0, rd:1; synchronized global fence flushing // $569
(W)     mov (8|M0)               null<1>:ud    r2.0<8;8,1>:ud                   {$14.dst}            //  memory fence commit; $569
        sync.nop                             null                             {Compacted,$11.src}    // $569
(W)     send.dc0 (8|M0)          r3       r98     null    0x0            0x0219E0FE           {$15} // wr:1h+0, rd:1; synchronized SLM fence // $569
(W)     mov (8|M0)               null<1>:ud    r3.0<8;8,1>:ud                   {$15.dst}            //  memory fence commit; $569
(W)     send.ts (8|M0)           null     r127    null    0x0            0x02000010           {EOT,@1} // wr:1+0, rd:0; end of thread // $569


//.BankConflicts: 12
//.BankConflicts.SameBank: 0
//.BankConflicts.TwoSrc: 12
//.SIMD16ReadSuppressions: 5
//.SIMD8s: 984
//
//.RMWs: 0
//
//.accSubDef: 0
//.accSubUse: 0
//.accSubCandidateDef: 0
//.accSubCandidateUse: 0

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

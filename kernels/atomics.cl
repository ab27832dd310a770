// SPDX-License-Identifier: MIT
// Atomics by operation on 32-bit integers (and exchange and compare-exchange on
// float), in SLM and in global memory. Work-item gid < n makes `rounds` atomics on
// the word idx[gid]; the host's index table sets the pattern (every work-item its
// own word, all on one word, or random words). In SLM the index is into the
// group's `words`-word table.
//
// op: 0 add, 1 exchange, 2 compare-exchange, 3 min, 4 max (signed). Every operand
// is a function of gid, the round and `salt` (from --seed), so the host can redo
// them; what each work-item's returned values add up to goes to ret[gid]:
//   add      adds (gid & 15) + 1; ret keeps the returned values alive (unchecked)
//   xchg     writes gid*rounds + r + 1; the returned values and the final word
//            together hold exactly the values put in, which the host checks by sum
//   cmpxchg  tries to increment (compare with its guess, swap in guess + 1) and
//            counts its successes: the word grows by exactly the successes
//   min/max  an LCG from gid*2654435761 + salt; the final word is the extreme
// In global memory ret[gid] accumulates over launches (the host counts them); in SLM
// each launch starts afresh from `init` and the group writes its table to out.

// The loop of one operation. P: the word's pointer; T: the word type; UT: its
// unsigned twin; A_*: the atomic functions; XV / MV turn a 32-bit number into the
// operand of exchange / min-max.
#define ATOMIC_LOOPS(P, T, UT, A_ADD, A_XCHG, A_CMPXCHG, A_MIN, A_MAX, ADDV, XV, MV)  \
    UT acc = 0;                                                                       \
    uint x = gid * 2654435761u + salt;                                                \
    switch (op) {                                                                     \
    case 0:                                                                           \
        for (uint r = 0; r < rounds; r++)                                             \
            acc += (UT)A_ADD(P, ADDV);                                                \
        break;                                                                        \
    case 1:                                                                           \
        for (uint r = 0; r < rounds; r++)                                             \
            acc += (UT)A_XCHG(P, XV(gid * rounds + r + 1));                           \
        break;                                                                        \
    case 2: {                                                                         \
        T guess = init;                                                               \
        for (uint r = 0; r < rounds; r++) {                                           \
            T old = A_CMPXCHG(P, guess, (T)((UT)guess + 1));                          \
            acc += old == guess;                                                      \
            guess = old == guess ? (T)((UT)guess + 1) : old;                          \
        }                                                                             \
        break;                                                                        \
    }                                                                                 \
    case 3:                                                                           \
        for (uint r = 0; r < rounds; r++) {                                           \
            x = x * 1664525u + 1013904223u;                                           \
            acc += (UT)A_MIN(P, MV(x));                                               \
        }                                                                             \
        break;                                                                        \
    default:                                                                          \
        for (uint r = 0; r < rounds; r++) {                                           \
            x = x * 1664525u + 1013904223u;                                           \
            acc += (UT)A_MAX(P, MV(x));                                               \
        }                                                                             \
        break;                                                                        \
    }

#define I32_ADDV ((int)(gid & 15) + 1)
#define I32_XV(v) ((int)(v))
#define I32_MV(v) ((int)(v))

__kernel void atomics_global_i32(__global int *data, __global const uint *idx, uint n, uint op, uint rounds,
                                 int init, uint salt, __global uint *ret)
{
    uint gid = get_global_id(0);
    if (gid >= n)
        return;
    volatile __global int *p = &data[idx[gid]];
    ATOMIC_LOOPS(p, int, uint, atomic_add, atomic_xchg, atomic_cmpxchg, atomic_min, atomic_max, I32_ADDV, I32_XV,
                 I32_MV)
    ret[gid] += acc;
}

// slm holds `words` words; out receives them at get_group_id(0) * words.
__kernel void atomics_slm_i32(__global int *out, __global const uint *idx, uint n, uint op, uint rounds, int init,
                              uint salt, __global uint *ret, uint words, volatile __local int *slm)
{
    uint gid = get_global_id(0), lid = get_local_id(0);
    for (uint w = lid; w < words; w += get_local_size(0))
        slm[w] = init;
    barrier(CLK_LOCAL_MEM_FENCE);
    if (gid < n) {
        volatile __local int *p = &slm[idx[gid]];
        ATOMIC_LOOPS(p, int, uint, atomic_add, atomic_xchg, atomic_cmpxchg, atomic_min, atomic_max, I32_ADDV, I32_XV,
                     I32_MV)
        ret[gid] = acc;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint w = lid; w < words; w += get_local_size(0))
        out[get_group_id(0) * words + w] = slm[w];
}

// Float exchange and compare-exchange, which every OpenCL 1.1 device has (add, min
// and max on float need cl_ext_float_atomics: atomics_float.cl). op: 1 exchange,
// 2 compare-exchange.
//   xchg     writes the float whose bits are 0x3F800000 | ((gid*rounds + r + 1) &
//            0x7FFFFF), a number in [1, 2), so the host can check the bits that went
//            in and came out; ret[gid] sums the returned bits
//   cmpxchg  compares and swaps the bit pattern (as_uint and atomic_cmpxchg, which
//            is how CUDA's atomicCAS builds float operations), trying to add 1.0f to
//            its guess; ret[gid] counts its successes. The word grows by exactly the
//            successes until it reaches 2^24, where adding 1.0f rounds back to 2^24
// init is the words' starting value as bits (the SLM words and the first guess).
#define F32_XV(v) as_float(0x3F800000u | ((v) & 0x7FFFFFu))

#define FLOAT_LOOPS(P, UP)                                                            \
    uint acc = 0;                                                                     \
    if (op == 1) {                                                                    \
        for (uint r = 0; r < rounds; r++)                                             \
            acc += as_uint(atomic_xchg(P, F32_XV(gid * rounds + r + 1)));             \
    } else {                                                                          \
        float guess = as_float(init);                                                 \
        for (uint r = 0; r < rounds; r++) {                                           \
            uint old = atomic_cmpxchg(UP, as_uint(guess), as_uint(guess + 1.0f));     \
            acc += old == as_uint(guess);                                             \
            guess = old == as_uint(guess) ? guess + 1.0f : as_float(old);             \
        }                                                                             \
    }

__kernel void atomics_global_f32(__global float *data, __global const uint *idx, uint n, uint op, uint rounds,
                                 uint init, __global uint *ret)
{
    uint gid = get_global_id(0);
    if (gid >= n)
        return;
    volatile __global float *p = &data[idx[gid]];
    FLOAT_LOOPS(p, (volatile __global uint *)p)
    ret[gid] += acc;
}

__kernel void atomics_slm_f32(__global float *out, __global const uint *idx, uint n, uint op, uint rounds, uint init,
                              __global uint *ret, uint words, volatile __local float *slm)
{
    uint gid = get_global_id(0), lid = get_local_id(0);
    for (uint w = lid; w < words; w += get_local_size(0))
        slm[w] = as_float(init);
    barrier(CLK_LOCAL_MEM_FENCE);
    if (gid < n) {
        volatile __local float *p = &slm[idx[gid]];
        FLOAT_LOOPS(p, (volatile __local uint *)p)
        ret[gid] = acc;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint w = lid; w < words; w += get_local_size(0))
        out[get_group_id(0) * words + w] = slm[w];
}

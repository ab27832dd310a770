// Kernels that break, on purpose, each claim tests/isa_claims.py checks for the bundled
// kernel of the same name: the test compiles them with `inspect --isa` on the spot and
// expects the checker to fail every one (proof that it can fail). Not run anywhere.

// One SLM atomic a 4-byte word, not a byte: a quarter of the atomic messages.
__kernel void hist_lanes(__global const uint4 *in, uint n, __global uint *bins, __local uint *h)
{
    for (uint i = get_global_id(0); i < n; i += get_global_size(0)) {
        uint4 v = in[i];
        atomic_inc(&h[v.x & 255]);
        atomic_inc(&h[v.y & 255]);
        atomic_inc(&h[v.z & 255]);
        atomic_inc(&h[v.w & 255]);
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint b = get_local_id(0); b < 256; b += get_local_size(0))
        atomic_add(&bins[b], h[b]);
}

// Counts in global memory: no SLM atomics at all.
__kernel void hist_copies(__global const uint *in, uint n, __global uint *bins)
{
    for (uint i = get_global_id(0); i < n; i += get_global_size(0))
        atomic_inc(&bins[in[i] & 255]);
}

// Plain loads where the claim wants sub-group block reads.
__kernel void hist_doc_slm_sg16(__global const uint *in, uint n, __global uint *bins, __local uint *h)
{
    for (uint i = get_global_id(0); i < n; i += get_global_size(0))
        atomic_inc(&h[in[i] & 255]);
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint b = get_local_id(0); b < 256; b += get_local_size(0))
        atomic_add(&bins[b], h[b]);
}

// The swizzled form issuing more SLM messages than the strided one.
__kernel void bank_strided(__global uint *out, __local uint *s)
{
    s[get_local_id(0)] = get_local_id(0);
    barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = s[get_local_id(0) ^ 1];
}

__kernel void bank_swizzled(__global uint *out, __local uint *s)
{
    s[get_local_id(0)] = get_local_id(0);
    s[get_local_id(0) + get_local_size(0)] = get_local_id(0);
    barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = s[get_local_id(0) ^ 1] + s[(get_local_id(0) ^ 3) + get_local_size(0)];
}

// An inner loop that reads the taps from global memory beside the window in SLM.
__kernel void conv_tiled(__global const uint *in, __global const uint *taps, uint ntaps, __global uint *out,
                         __local uint *x)
{
    x[get_local_id(0)] = in[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    uint acc = 0;
    for (uint j = 0; j < ntaps; j++)
        acc += x[(get_local_id(0) + j) & 255] * taps[j];
    out[get_global_id(0)] = acc;
}

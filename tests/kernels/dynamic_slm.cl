// No SLM of its own: all of it comes through the __local argument, which only
// `inspect --slm BYTES` can count.
__kernel void reverse(__global uint *data, __local uint *tile)
{
    size_t l = get_local_id(0), n = get_local_size(0), base = get_group_id(0) * n;
    tile[l] = data[base + l];
    barrier(CLK_LOCAL_MEM_FENCE);
    data[base + l] = tile[n - 1 - l];
}

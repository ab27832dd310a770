// A missing ';': inspect must show the compiler's own message for it.
__kernel void broken(__global uint *out)
{
    out[get_global_id(0)] = 1
}

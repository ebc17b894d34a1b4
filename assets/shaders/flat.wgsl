// The low look's fragment shader (`src/view/flat.rs`): a flat colour under a fixed sun.
// A software renderer runs a fragment shader for every pixel on the CPU; Bevy's standard
// material does far more per pixel than this view needs (textures, light clusters, fog), even
// when drawn unlit. Faces turned to the sun are lighter, the others darker, so that shapes
// still read. Written for warcry-sim; MIT OR Apache-2.0, like the project.

#import bevy_pbr::forward_io::VertexOutput

struct Flat {
    color: vec4<f32>,
    emissive: vec4<f32>,
    // How many times the texture repeats across a face; 0 for a surface without one.
    uv_scale: vec2<f32>,
    // 1 for a shaded surface, 0 for a flat marker drawn in its own colour.
    shade: f32,
}

@group(#{MATERIAL_BIND_GROUP}) @binding(0) var<uniform> flat: Flat;
// The surface's greyscale tile (white for a surface without one).
@group(#{MATERIAL_BIND_GROUP}) @binding(1) var tile: texture_2d<f32>;
@group(#{MATERIAL_BIND_GROUP}) @binding(2) var tile_sampler: sampler;

// Towards the sun of `src/view/camera.rs`, from the battlefield.
const SUN: vec3<f32> = vec3<f32>(-0.44956, 0.64223, 0.62083);

@fragment
fn fragment(in: VertexOutput) -> @location(0) vec4<f32> {
    let facing = max(dot(normalize(in.world_normal), SUN), 0.0);
    let light = mix(1.0, 0.55 + 0.45 * facing, flat.shade);
    var grain = vec3<f32>(1.0);
#ifdef VERTEX_UVS_A
    // Only surfaces with a tile sample it: most pixels of the low look have none.
    if (flat.uv_scale.x > 0.0) {
        grain = textureSampleLevel(tile, tile_sampler, in.uv * flat.uv_scale, 0.0).rgb * 1.2;
    }
#endif
    return vec4<f32>(flat.color.rgb * grain * light + flat.emissive.rgb, flat.color.a);
}

//! The low look's material. A software renderer (Mesa lavapipe) runs every pixel's fragment
//! shader on the CPU, and Bevy's `StandardMaterial` does far more per pixel than this view
//! needs, even drawn unlit: measured at 1280x720, the mat alone cost ~110 ms a frame. In the
//! low look every `StandardMaterial` the view makes is drawn with `FlatMaterial` instead: its
//! colour under a fixed sun, computed from the face's normal (`assets/shaders/flat.wgsl`).
//!
//! The rest of the view keeps describing its surfaces as `StandardMaterial`s; this room
//! swaps each one for its flat twin as it appears, and follows later changes to it.

use bevy::asset::uuid_handle;
use bevy::pbr::{Material, MaterialPlugin};
use bevy::platform::collections::HashMap;
use bevy::prelude::*;
use bevy::render::render_resource::{AsBindGroup, ShaderType};
use bevy::shader::{Shader, ShaderRef};

use super::perf::LowGraphics;

const SHADER: Handle<Shader> = uuid_handle!("5b0c1f0e-7f3a-4d55-9a55-2f1f6c0a9e31");

pub(crate) fn plugin(app: &mut App) {
    app.add_plugins(MaterialPlugin::<FlatMaterial>::default())
        .add_systems(Startup, load_shader)
        .init_resource::<Twins>()
        .add_systems(PostUpdate, (follow_changes, flatten).chain());
}

/// The shader is built into the binary, so the app runs from any folder.
fn load_shader(mut shaders: ResMut<Assets<Shader>>) {
    let source = include_str!("../../assets/shaders/flat.wgsl");
    let _ = shaders.insert(&SHADER, Shader::from_wgsl(source, "shaders/flat.wgsl"));
}

/// A colour under the fixed sun, or flat (for markers drawn unlit).
#[derive(Asset, TypePath, AsBindGroup, Debug, Clone)]
pub(crate) struct FlatMaterial {
    #[uniform(0)]
    flat: FlatUniform,
    /// The surface's tile (stone, wood, bile, grass), if it has one: white when not.
    #[texture(1)]
    #[sampler(2)]
    texture: Option<Handle<Image>>,
    alpha_mode: AlphaMode,
}

#[derive(ShaderType, Debug, Clone, Copy)]
struct FlatUniform {
    color: Vec4,
    emissive: Vec4,
    /// The texture's repeats across the face (x, y).
    uv_scale: Vec2,
    shade: f32,
}

impl From<&StandardMaterial> for FlatMaterial {
    fn from(m: &StandardMaterial) -> Self {
        FlatMaterial {
            flat: FlatUniform {
                color: m.base_color.to_linear().to_vec4(),
                emissive: m.emissive.to_vec4(),
                uv_scale: match m.base_color_texture {
                    Some(_) => Vec2::new(
                        m.uv_transform.matrix2.x_axis.x,
                        m.uv_transform.matrix2.y_axis.y,
                    ),
                    None => Vec2::ZERO,
                },
                shade: if m.unlit { 0.0 } else { 1.0 },
            },
            texture: m.base_color_texture.clone(),
            alpha_mode: m.alpha_mode,
        }
    }
}

impl Material for FlatMaterial {
    fn fragment_shader() -> ShaderRef {
        SHADER.into()
    }

    fn alpha_mode(&self) -> AlphaMode {
        self.alpha_mode
    }
}

/// The flat twin made for each standard material, by the standard one's id.
#[derive(Resource, Default)]
struct Twins(HashMap<AssetId<StandardMaterial>, Handle<FlatMaterial>>);

/// In the low look, each entity given a standard material is drawn with its flat twin
/// instead (one twin per standard material, shared like the original).
fn flatten(
    low: Option<Res<LowGraphics>>,
    mut commands: Commands,
    given: Query<
        (Entity, &MeshMaterial3d<StandardMaterial>),
        Changed<MeshMaterial3d<StandardMaterial>>,
    >,
    standard: Res<Assets<StandardMaterial>>,
    mut flat: ResMut<Assets<FlatMaterial>>,
    mut twins: ResMut<Twins>,
) {
    if !low.is_some_and(|l| l.0) {
        return;
    }
    for (entity, m) in &given {
        let Some(original) = standard.get(&m.0) else {
            continue;
        };
        let twin = twins
            .0
            .entry(m.0.id())
            .or_insert_with(|| flat.add(FlatMaterial::from(original)))
            .clone();
        commands
            .entity(entity)
            .remove::<MeshMaterial3d<StandardMaterial>>()
            .insert(MeshMaterial3d(twin));
    }
}

/// A standard material changed in place: its twin follows; one no longer used: its twin is
/// let go.
fn follow_changes(
    mut events: MessageReader<AssetEvent<StandardMaterial>>,
    standard: Res<Assets<StandardMaterial>>,
    mut flat: ResMut<Assets<FlatMaterial>>,
    mut twins: ResMut<Twins>,
) {
    for e in events.read() {
        match e {
            AssetEvent::Modified { id } => {
                if let (Some(twin), Some(m)) = (twins.0.get(id), standard.get(*id))
                    && let Some(mut t) = flat.get_mut(twin)
                {
                    *t = FlatMaterial::from(m);
                }
            }
            AssetEvent::Removed { id } | AssetEvent::Unused { id } => {
                twins.0.remove(id);
            }
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_flat_twin_keeps_the_colour_the_transparency_and_whether_light_shades_it() {
        let grid = StandardMaterial {
            base_color: Color::srgba(0.0, 0.0, 0.0, 0.18),
            alpha_mode: AlphaMode::Blend,
            unlit: true,
            ..default()
        };
        let twin = FlatMaterial::from(&grid);
        assert_eq!(twin.alpha_mode, AlphaMode::Blend);
        assert_eq!(twin.flat.color.w, 0.18);
        assert_eq!(twin.flat.shade, 0.0, "an unlit marker keeps its own colour");
        let cloth = StandardMaterial::from(Color::srgb(0.36, 0.42, 0.27));
        let twin = FlatMaterial::from(&cloth);
        assert_eq!(twin.flat.shade, 1.0, "a surface is shaded by the sun");
        assert_eq!(
            twin.flat.color,
            Color::srgb(0.36, 0.42, 0.27).to_linear().to_vec4()
        );
        assert_eq!(twin.alpha_mode, AlphaMode::Opaque);
    }
}

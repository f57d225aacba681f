// A fluid grid of 4-word cells stored row by row, one invocation per
// cell, the cell's index linearised from the 2D invocation id with the
// grid as wide as the dispatch. Rows of the workgroup are 64 invocations
// long, a multiple of the subgroup size, so a subgroup's cells are
// consecutive. A 128 x 32 grid, every cell covered.
const WORKGROUP_WIDTH: u32 = 64u;

struct Cell {
    vel: vec2f,
    density: f32,
    pressure: f32,
}

struct Step {
    dt: f32,
    stiffness: f32,
}

@group(0) @binding(0) var<storage, read_write> cells: array<Cell>;
@group(0) @binding(1) var<uniform> params: Step;

@compute @workgroup_size(WORKGROUP_WIDTH, 4)
fn main(
    @builtin(global_invocation_id) id: vec3<u32>,
    @builtin(num_workgroups) groups: vec3<u32>,
) {
    let width = groups.x * WORKGROUP_WIDTH;
    let index = id.y * width + id.x;
    let cell = cells[index];
    let pressure = params.stiffness * (cell.density - 1.0);
    let vel = cell.vel * (1.0 - params.dt) + vec2f(0.0, -9.81 * params.dt);
    cells[index] = Cell(vel, cell.density, pressure);
}

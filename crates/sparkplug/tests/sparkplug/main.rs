//! The crate through its public surface, one file per area, compiled into one test binary.

mod commands;
mod fuzz;
mod lifecycle;
mod rig;
mod session;
mod topics;
mod values;
mod wire;

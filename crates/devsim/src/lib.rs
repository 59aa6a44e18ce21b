//! # ironsight-devsim
//!
//! A Modbus TCP device simulator. It stands in for the field devices the Ironsight edge gateway polls: in the
//! demo (`make run`) and in tests, which embed it in-process with [`spawn`] on `127.0.0.1:0`.
//!
//! A TOML file describes the device: a register map of named points, each with an area, an address, a wire type
//! and byte/word order, and a value generator (constant, ramp, sine, random walk, toggle). The device behaves
//! like a strict real one:
//! - a read or write touching any address no point covers answers exception 02 (illegal data address);
//! - a write touching a point that is not writable answers that point's exception (02 by default, 03 if
//!   configured) and changes nothing, not even the writable points in the same request;
//! - quantities outside the spec's limits (1–2000 bits or 1–125 registers per read, 1–1968 coils or 1–123
//!   registers per write) answer 03; function codes other than 01, 02, 03, 04, 05, 06, 15 and 16 answer 01;
//! - `reply_delay_ms` holds every reply back, `drop_every = N` leaves every Nth reply out (the request still takes
//!   effect, as if the reply were lost on the wire), and `unit_id` makes it ignore other unit ids;
//! - no bytes a client sends can panic it (the private `guard` module rewrites the frames tokio-modbus's
//!   decoder would panic on).
//!
//! ## Writes and generators
//! A write to a point stops its generator: the point then holds the written value until the simulator restarts,
//! whatever its generator kind. Reading back always returns what was written, which keeps tests and the demo
//! predictable. A write covering only some registers of a multi-register point keeps the other registers as
//! they were at the moment of the write.
//!
//! ## Values
//! Generators produce engineering values; a point's `scale` and `offset` (engineering = raw × scale + offset, as
//! in the gateway's signal configuration) turn them into raw values, which are rounded (half away from zero) and
//! saturated to integer types, or converted to `float32`/`float64`. Generators read a [`Clock`] (time since
//! start), never the wall clock, and the random walk is seeded, so a test with a [`ManualClock`] knows every
//! value exactly.
//!
//! # Layout
//! - [`config`]: the TOML schema, its defaults, and validation on load ([`Config`], [`ConfigError`]).
//! - [`clock`]: the time source generators read ([`SystemClock`], [`ManualClock`] for tests).
//! - [`generator`]: the value generators, pure functions of elapsed time.
//! - [`encoding`]: values to register words and back for every type, word order and byte order (pure).
//! - [`register_map`]: which point answers which address; reads, atomic writes, the write-stops-generator rule.
//! - [`service`]: Modbus request handling (function codes, limits) and the configured misbehaviour.
//! - `guard`: rewrites malformed requests that would panic tokio-modbus's decoder, before it sees them.
//! - `server`: binding, the accept loop, [`spawn`], [`Running`] and shutdown.
//! - [`process`]: the demo water plant's process model (level follows pump, chlorine follows dosing, …), pure.
//! - [`plant`]: the demo water plant as five running devices and the task stepping the model into them.
//! - `main.rs`: the `ironsight-devsim` command line.

#![forbid(unsafe_code)]

pub mod clock;
pub mod config;
pub mod encoding;
pub mod generator;
mod guard;
pub mod plant;
pub mod process;
pub mod register_map;
mod server;
pub mod service;

pub use clock::{Clock, ManualClock, SystemClock};
pub use config::{Config, ConfigError};
pub use server::{Running, ShutdownHandle, spawn, spawn_with_clock};

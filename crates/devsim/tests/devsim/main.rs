//! Integration tests: the simulator on a real socket on 127.0.0.1, driven by the tokio-modbus TCP client (or raw
//! bytes for malformed frames), one file per feature, one test binary.

mod cli;
mod common;
mod malformed;
mod misbehaviour;
mod reads;
mod writes;

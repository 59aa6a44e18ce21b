//! Generates the Sparkplug B payload types from `proto/sparkplug_b.proto`. `protox` (pure Rust) parses the schema
//! into a descriptor set and `prost-build` turns that into Rust, so no `protoc` binary is needed here or in CI.

fn main() -> Result<(), Box<dyn std::error::Error>> {
    println!("cargo:rerun-if-changed=proto/sparkplug_b.proto");
    let descriptors = protox::compile(["sparkplug_b.proto"], ["proto"])?;
    prost_build::Config::new().compile_fds(descriptors)?;
    Ok(())
}

//! Raw bytes: malformed requests get exceptions or a closed connection, never a panic, and the simulator keeps
//! serving.

use std::io;

use tokio::{
    io::{AsyncReadExt, AsyncWriteExt},
    net::TcpStream,
};
use tokio_modbus::prelude::*;

use crate::common::{client, simulator_panicked, start_demo, watch_for_panics, within};

/// A Modbus TCP frame: transaction id, protocol 0, length, unit id, PDU.
fn frame(transaction: u16, unit: u8, pdu: &[u8]) -> Vec<u8> {
    let length = u16::try_from(pdu.len() + 1).unwrap();
    let mut frame = Vec::new();
    frame.extend_from_slice(&transaction.to_be_bytes());
    frame.extend_from_slice(&[0, 0]);
    frame.extend_from_slice(&length.to_be_bytes());
    frame.push(unit);
    frame.extend_from_slice(pdu);
    frame
}

/// Sends `bytes` and reads one reply frame.
async fn exchange(stream: &mut TcpStream, bytes: &[u8]) -> io::Result<Vec<u8>> {
    stream.write_all(bytes).await?;
    let mut header = [0u8; 7];
    stream.read_exact(&mut header).await?;
    let length = usize::from(u16::from_be_bytes([header[4], header[5]]));
    let mut body = vec![0u8; length.saturating_sub(1)];
    stream.read_exact(&mut body).await?;
    Ok([&header[..], &body].concat())
}

#[tokio::test]
async fn malformed_write_requests_answer_03_and_the_connection_survives() {
    watch_for_panics();
    let sim = start_demo().await;
    let mut s = within(TcpStream::connect(sim.addr())).await.unwrap();

    let mut too_many_registers = vec![0x10, 0x00, 0x00, 0x00, 124, 248];
    too_many_registers.resize(6 + 248, 0);
    let cases: [(&str, Vec<u8>); 6] = [
        // Quantity 0x8000: tokio-modbus's decoder would overflow `quantity * 2`.
        ("registers quantity 0x8000", vec![0x10, 0x00, 0x00, 0x80, 0x00, 0x00]),
        // 100 coils in 1 byte: the decoder would index past the buffer.
        ("coils short of data", vec![0x0F, 0x00, 0x00, 0x00, 0x64, 0x01, 0xFF]),
        ("byte count disagrees", vec![0x10, 0x00, 0x00, 0x00, 0x02, 0x02, 0x00, 0x01]),
        ("124 registers", too_many_registers),
        ("1969 coils", [vec![0x0F, 0x00, 0x00, 0x07, 0xB1, 247], vec![0; 247]].concat()),
        ("no quantity at all", vec![0x10]),
    ];
    for (transaction, (name, pdu)) in (1u16..).zip(cases) {
        let reply =
            within(exchange(&mut s, &frame(transaction, 1, &pdu))).await.unwrap_or_else(|e| panic!("{name}: {e}"));
        let [hi, lo] = transaction.to_be_bytes();
        assert_eq!(
            reply,
            [hi, lo, 0, 0, 0, 3, 1, pdu[0] | 0x80, 0x03],
            "{name}: exception 03 for the same transaction and function"
        );
    }
    // The same connection still reads normally.
    let reply = within(exchange(&mut s, &frame(99, 1, &[0x03, 0x00, 0x01, 0x00, 0x01]))).await.unwrap();
    assert_eq!(reply, [0, 99, 0, 0, 0, 5, 1, 0x03, 0x02, 0x00, 102]);
    assert!(!simulator_panicked());
}

#[tokio::test]
async fn undecodable_frames_close_that_connection_only() {
    watch_for_panics();
    let sim = start_demo().await;
    let garbage: [&[u8]; 4] = [
        // Not Modbus TCP at all: protocol id 0xFFFF.
        &[0xFF; 64],
        // A length of 0.
        &[0, 1, 0, 0, 0, 0, 1],
        // Single-coil value other than 0x0000/0xFF00.
        &frame(1, 1, &[0x05, 0x00, 0x00, 0x12, 0x34]),
        // Function code with the exception bit set.
        &frame(1, 1, &[0x83, 0x00, 0x00, 0x00, 0x01]),
    ];
    for bytes in garbage {
        let mut s = within(TcpStream::connect(sim.addr())).await.unwrap();
        let reply = within(exchange(&mut s, bytes)).await;
        assert!(reply.is_err(), "{bytes:02X?} answered {reply:?}");
    }
    // The simulator still serves new clients.
    let mut c = client(sim.addr()).await;
    assert_eq!(within(c.read_holding_registers(1, 1)).await.unwrap(), Ok(vec![102]));
    assert!(!simulator_panicked());
}

#[tokio::test]
async fn a_frame_split_across_many_writes_is_reassembled() {
    let sim = start_demo().await;
    let mut s = within(TcpStream::connect(sim.addr())).await.unwrap();
    s.set_nodelay(true).unwrap();
    let request = frame(7, 1, &[0x03, 0x00, 0x01, 0x00, 0x01]);
    for byte in &request[..request.len() - 1] {
        within(s.write_all(&[*byte])).await.unwrap();
        within(s.flush()).await.unwrap();
    }
    let reply = within(exchange(&mut s, &request[request.len() - 1..])).await.unwrap();
    assert_eq!(reply, [0, 7, 0, 0, 0, 5, 1, 0x03, 0x02, 0x00, 102]);
}

#[tokio::test]
async fn pipelined_requests_are_answered_in_order() {
    let sim = start_demo().await;
    let mut s = within(TcpStream::connect(sim.addr())).await.unwrap();
    let both = [frame(1, 1, &[0x03, 0x00, 0x00, 0x00, 0x01]), frame(2, 1, &[0x03, 0x00, 0x01, 0x00, 0x01])].concat();
    let first = within(exchange(&mut s, &both)).await.unwrap();
    let second = within(exchange(&mut s, &[])).await.unwrap();
    assert_eq!(first, [0, 1, 0, 0, 0, 5, 1, 0x03, 0x02, 0x05, 0xAA]);
    assert_eq!(second, [0, 2, 0, 0, 0, 5, 1, 0x03, 0x02, 0x00, 102]);
}

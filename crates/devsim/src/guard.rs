//! A guard between the client's socket and tokio-modbus's request decoder.
//!
//! Why: tokio-modbus 0.16 panics while decoding some malformed requests: a function 15 whose quantity needs more
//! bytes than it sent indexes past the buffer, and a function 16 or 23 with a quantity of 32768 or more overflows
//! `quantity * 2`. The panic would only kill that connection's task, but a simulator used to test clients must
//! survive any bytes and answer like a device. So each connection's bytes pass through [`pump`], which reads whole
//! Modbus TCP frames and rewrites those requests before the decoder sees them:
//!
//! - a function 15 or 16 request whose quantity, byte count and length disagree, or whose quantity is outside the
//!   spec's limits, becomes the same function with quantity 0 and no data, which the device answers with
//!   exception 03 (what the spec asks for a bad quantity or byte count), same transaction id, same function;
//! - every function 23 request becomes a minimal well-formed one (the device answers 01 for it anyway).
//!
//! Everything else passes through untouched. A header no request can have (protocol id other than 0, length under
//! 2 or over 266) closes the connection at once, instead of waiting for up to 64 KiB that may never come. Frames
//! the decoder refuses without panicking (a function code of 0x80 or above, a single-coil value other than
//! 0x0000/0xFF00, trailing bytes) close the connection too, which is tokio-modbus's behaviour.

use std::io;

use tokio::{
    io::{AsyncRead, AsyncReadExt, AsyncWrite, AsyncWriteExt},
    sync::watch,
};

use crate::service::{MAX_WRITE_COILS, MAX_WRITE_REGISTERS};

/// Longest request PDU the spec allows (a TCP frame's length field counts it plus the unit id).
const MAX_PDU: usize = 253;
/// Longest PDU any request's own byte count can describe (function 23: 10 bytes of fields and up to 255 data
/// bytes). Longer frames cannot be requests, so the connection is closed; shorter over-long writes (more than 123
/// registers, say) still reach the device and get exception 03.
const LONGEST_PDU: usize = 10 + 255;
/// The MBAP header: transaction id, protocol id, length, unit id.
const HEADER: usize = 7;

/// Copies whole frames from the client to the decoder, sanitised, until either side closes or `shutdown` turns
/// true (which closes the connection once the request in progress has been answered).
pub(crate) async fn pump<R, W>(mut client: R, mut decoder: W, mut shutdown: watch::Receiver<bool>)
where
    R: AsyncRead + Unpin,
    W: AsyncWrite + Unpin,
{
    loop {
        // Biased towards the stop signal: once it is set, no further request is forwarded.
        let frame = tokio::select! {
            biased;
            _ = shutdown.wait_for(|stop| *stop) => return,
            frame = read_frame(&mut client) => frame,
        };
        let frame = match frame {
            Ok(Some(frame)) => frame,
            Ok(None) => return,
            Err(err) => {
                tracing::debug!(%err, "closing connection");
                return;
            }
        };
        if decoder.write_all(&frame).await.is_err() {
            return;
        }
    }
}

/// Reads one frame; `Ok(None)` at a clean end of stream, an error for a header no Modbus TCP request can have.
async fn read_frame<R: AsyncRead + Unpin>(client: &mut R) -> io::Result<Option<Vec<u8>>> {
    let mut header = [0u8; HEADER];
    match client.read_exact(&mut header).await {
        Ok(_) => {}
        Err(e) if e.kind() == io::ErrorKind::UnexpectedEof => return Ok(None),
        Err(e) => return Err(e),
    }
    let protocol = u16::from_be_bytes([header[2], header[3]]);
    let length = usize::from(u16::from_be_bytes([header[4], header[5]]));
    // Checked here rather than left to the decoder, which would first wait for up to 64 KiB that may never come.
    if protocol != 0 || !(2..=1 + LONGEST_PDU).contains(&length) {
        return Err(io::Error::new(
            io::ErrorKind::InvalidData,
            format!("not a Modbus TCP request header: {header:02X?}"),
        ));
    }
    let mut pdu = vec![0u8; length - 1];
    client.read_exact(&mut pdu).await?;
    sanitize_pdu(&mut pdu);
    let length = u16::try_from(pdu.len() + 1).unwrap_or(u16::MAX);
    header[4..6].copy_from_slice(&length.to_be_bytes());
    let mut frame = header.to_vec();
    frame.extend_from_slice(&pdu);
    Ok(Some(frame))
}

/// Rewrites a request PDU that would make the decoder panic (see the module docs).
pub(crate) fn sanitize_pdu(pdu: &mut Vec<u8>) {
    match pdu.first() {
        Some(0x0F) if !write_coils_ok(pdu) => *pdu = empty_write(pdu),
        Some(0x10) if !write_registers_ok(pdu) => *pdu = empty_write(pdu),
        Some(0x17) => *pdu = vec![0x17, 0, 0, 0, 0, 0, 0, 0, 0, 0],
        _ => {}
    }
}

/// Quantity and byte count of a function 15 or 16 request (bytes 3–5), if present.
fn quantity_and_count(pdu: &[u8]) -> Option<(usize, usize)> {
    match pdu {
        [_, _, _, q_hi, q_lo, count, ..] => {
            Some((usize::from(u16::from_be_bytes([*q_hi, *q_lo])), usize::from(*count)))
        }
        _ => None,
    }
}

fn write_coils_ok(pdu: &[u8]) -> bool {
    quantity_and_count(pdu).is_some_and(|(quantity, count)| {
        (1..=MAX_WRITE_COILS).contains(&quantity)
            && count == quantity.div_ceil(8)
            && pdu.len() == 6 + count
            && pdu.len() <= MAX_PDU
    })
}

fn write_registers_ok(pdu: &[u8]) -> bool {
    quantity_and_count(pdu).is_some_and(|(quantity, count)| {
        (1..=MAX_WRITE_REGISTERS).contains(&quantity)
            && count == quantity * 2
            && pdu.len() == 6 + count
            && pdu.len() <= MAX_PDU
    })
}

/// The same function and start address with quantity 0 and byte count 0.
fn empty_write(pdu: &[u8]) -> Vec<u8> {
    let byte = |i: usize| pdu.get(i).copied().unwrap_or(0);
    vec![byte(0), byte(1), byte(2), 0, 0, 0]
}

#[cfg(test)]
mod tests {
    use std::panic;

    use tokio_modbus::{Request, bytes::Bytes};

    use super::*;

    /// Decodes as tokio-modbus's server does, reporting a panic as `Err("panic")`.
    fn decode(pdu: &[u8]) -> Result<Result<Request<'static>, String>, &'static str> {
        let bytes = Bytes::copy_from_slice(pdu);
        panic::catch_unwind(panic::AssertUnwindSafe(|| Request::try_from(bytes).map_err(|e| e.to_string())))
            .map_err(|_| "panic")
    }

    fn sanitized(pdu: &[u8]) -> Vec<u8> {
        let mut pdu = pdu.to_vec();
        sanitize_pdu(&mut pdu);
        pdu
    }

    #[test]
    fn well_formed_requests_pass_untouched() {
        let good: [&[u8]; 5] = [
            &[0x03, 0x00, 0x10, 0x00, 0x02],
            &[0x0F, 0x00, 0x01, 0x00, 0x0A, 0x02, 0xFF, 0x03],
            &[0x10, 0x00, 0x01, 0x00, 0x02, 0x04, 0x00, 0x0A, 0x01, 0x02],
            &[0x05, 0x00, 0x01, 0xFF, 0x00],
            &[0x2B, 0x0E, 0x01, 0x00],
        ];
        for pdu in good {
            assert_eq!(sanitized(pdu), pdu);
            assert!(matches!(decode(pdu), Ok(Ok(_))), "{pdu:02X?}");
        }
    }

    #[test]
    fn requests_that_panic_the_decoder_become_empty_writes() {
        // Function 15 claiming 100 coils in 1 byte: the decoder indexes past the buffer.
        let coils = [0x0F, 0x00, 0x05, 0x00, 0x64, 0x01, 0xFF];
        // Function 16 with quantity 0x8000: `quantity * 2` overflows.
        let registers = [0x10, 0x00, 0x05, 0x80, 0x00, 0x00];
        assert_eq!(sanitized(&coils), [0x0F, 0x00, 0x05, 0, 0, 0]);
        assert_eq!(sanitized(&registers), [0x10, 0x00, 0x05, 0, 0, 0]);
        assert_eq!(decode(&sanitized(&coils)), Ok(Ok(Request::WriteMultipleCoils(5, Vec::new().into()))));
        assert_eq!(decode(&sanitized(&registers)), Ok(Ok(Request::WriteMultipleRegisters(5, Vec::new().into()))));
        let read_write = [0x17, 0, 0, 0, 1, 0, 0, 0x80, 0x00, 0x00];
        assert!(matches!(decode(&sanitized(&read_write)), Ok(Ok(_))));
    }

    #[test]
    fn requests_over_the_write_limits_become_empty_writes() {
        let mut registers = vec![0x10, 0x00, 0x00, 0x00, 124, 248];
        registers.resize(6 + 248, 0);
        assert_eq!(sanitized(&registers), [0x10, 0, 0, 0, 0, 0]);
        let mut coils = vec![0x0F, 0x00, 0x00, 0x07, 0xB1, 247];
        coils.resize(6 + 247, 0);
        assert_eq!(sanitized(&coils), [0x0F, 0, 0, 0, 0, 0]);
        assert_eq!(sanitized(&[0x10]), [0x10, 0, 0, 0, 0, 0]);
    }

    /// Every short PDU of the dangerous functions, and a pseudo-random sample of longer ones, decodes without a
    /// panic once sanitised (unit tests run with overflow checks, so an overflow would show as a panic here).
    #[test]
    fn no_sanitised_pdu_panics_the_decoder() {
        let mut state = 0x1234_5678_9ABC_DEF0u64;
        let mut next = || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        for function in [0x01u8, 0x03, 0x05, 0x06, 0x0F, 0x10, 0x16, 0x17, 0x2B, 0x80] {
            for _ in 0..3_000 {
                let len = (next() % 40) as usize;
                let mut pdu = vec![function];
                pdu.extend((0..len).map(|_| next() as u8));
                let result = decode(&sanitized(&pdu));
                assert!(result.is_ok(), "panic on {pdu:02X?}");
            }
        }
    }
}

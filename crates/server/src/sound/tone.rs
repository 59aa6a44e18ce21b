//! The fallback alert: a two-tone WAV made here, so an alarm is heard even where no speech engine is installed.
//!
//! A WAV file is a 44-byte RIFF header and the samples; writing the header by hand is a few lines and spares a
//! dependency. The tone alternates 880 Hz and 660 Hz (the "hi-lo" of a siren, which people read as an alert, not
//! as a notification chime) for one second, each step faded in and out over a few milliseconds so the speaker
//! does not click.

/// Samples per second of the tone: plenty for an 880 Hz tone, and the file stays small (32 KB).
pub const SAMPLE_RATE: u32 = 16_000;
/// The two pitches, in Hz, high first.
const PITCHES: [f64; 2] = [880.0, 660.0];
/// Length of one pitch step, in ms; four steps make the one-second tone.
const STEP_MS: u32 = 250;
const STEPS: u32 = 4;
/// Fade at each end of a step, in ms.
const FADE_MS: u32 = 8;
/// Peak level, as a share of full scale: loud and clear, without clipping on a cheap speaker.
const LEVEL: f64 = 0.6;

/// The alert tone as a complete WAV file (16-bit PCM, mono).
pub fn alert_tone() -> Vec<u8> {
    let step_samples = SAMPLE_RATE * STEP_MS / 1000;
    let fade_samples = f64::from(SAMPLE_RATE * FADE_MS / 1000);
    let mut samples = Vec::with_capacity((step_samples * STEPS) as usize);
    for step in 0..STEPS {
        let pitch = PITCHES[(step % 2) as usize];
        for i in 0..step_samples {
            let t = f64::from(i) / f64::from(SAMPLE_RATE);
            let from_edge = f64::from(i.min(step_samples - 1 - i));
            let envelope = (from_edge / fade_samples).min(1.0);
            let value = (2.0 * std::f64::consts::PI * pitch * t).sin() * LEVEL * envelope;
            samples.push((value * f64::from(i16::MAX)).round() as i16);
        }
    }
    wav_pcm16_mono(SAMPLE_RATE, &samples)
}

/// A WAV file of 16-bit mono samples: the RIFF header (chunk sizes little-endian) and the data.
pub fn wav_pcm16_mono(sample_rate: u32, samples: &[i16]) -> Vec<u8> {
    const CHANNELS: u16 = 1;
    const BITS: u16 = 16;
    let block_align = CHANNELS * BITS / 8;
    let data_len = (samples.len() * usize::from(block_align)) as u32;
    let mut out = Vec::with_capacity(44 + data_len as usize);
    out.extend_from_slice(b"RIFF");
    out.extend_from_slice(&(36 + data_len).to_le_bytes());
    out.extend_from_slice(b"WAVE");
    out.extend_from_slice(b"fmt ");
    out.extend_from_slice(&16u32.to_le_bytes()); // the fmt chunk's size for PCM
    out.extend_from_slice(&1u16.to_le_bytes()); // format 1: PCM
    out.extend_from_slice(&CHANNELS.to_le_bytes());
    out.extend_from_slice(&sample_rate.to_le_bytes());
    out.extend_from_slice(&(sample_rate * u32::from(block_align)).to_le_bytes()); // bytes per second
    out.extend_from_slice(&block_align.to_le_bytes());
    out.extend_from_slice(&BITS.to_le_bytes());
    out.extend_from_slice(b"data");
    out.extend_from_slice(&data_len.to_le_bytes());
    for sample in samples {
        out.extend_from_slice(&sample.to_le_bytes());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn u32_at(bytes: &[u8], at: usize) -> u32 {
        u32::from_le_bytes(bytes[at..at + 4].try_into().unwrap())
    }

    fn u16_at(bytes: &[u8], at: usize) -> u16 {
        u16::from_le_bytes(bytes[at..at + 2].try_into().unwrap())
    }

    #[test]
    fn the_tone_is_one_second_of_16_bit_mono_pcm() {
        let wav = alert_tone();
        assert_eq!(&wav[0..4], b"RIFF");
        assert_eq!(u32_at(&wav, 4) as usize, wav.len() - 8, "the RIFF size is the rest of the file");
        assert_eq!(&wav[8..16], b"WAVEfmt ");
        assert_eq!((u16_at(&wav, 20), u16_at(&wav, 22)), (1, 1), "PCM, mono");
        assert_eq!(u32_at(&wav, 24), SAMPLE_RATE);
        assert_eq!(u32_at(&wav, 28), SAMPLE_RATE * 2, "bytes per second");
        assert_eq!((u16_at(&wav, 32), u16_at(&wav, 34)), (2, 16), "block align, bits");
        assert_eq!(&wav[36..40], b"data");
        assert_eq!(u32_at(&wav, 40), SAMPLE_RATE * 2, "one second of samples");
        assert_eq!(wav.len(), 44 + SAMPLE_RATE as usize * 2);
    }

    #[test]
    fn the_tone_is_loud_without_clipping_and_starts_silent() {
        let wav = alert_tone();
        let samples: Vec<i16> = wav[44..].chunks(2).map(|c| i16::from_le_bytes([c[0], c[1]])).collect();
        let peak = samples.iter().map(|s| s.unsigned_abs()).max().unwrap();
        assert!(peak > i16::MAX as u16 / 2, "audible: {peak}");
        assert!(peak < i16::MAX as u16, "not clipped: {peak}");
        assert_eq!(samples[0], 0, "faded in: no click");
    }

    #[test]
    fn the_two_pitches_alternate() {
        // Zero crossings in the first step (880 Hz) and the second (660 Hz): about 2 × pitch × 0.25 s each.
        let wav = alert_tone();
        let samples: Vec<i16> = wav[44..].chunks(2).map(|c| i16::from_le_bytes([c[0], c[1]])).collect();
        let step = (SAMPLE_RATE * STEP_MS / 1000) as usize;
        let crossings = |part: &[i16]| part.windows(2).filter(|w| (w[0] < 0) != (w[1] < 0)).count();
        let (high, low) = (crossings(&samples[..step]), crossings(&samples[step..2 * step]));
        assert!((430..=450).contains(&high), "880 Hz step: {high}");
        assert!((320..=340).contains(&low), "660 Hz step: {low}");
    }
}

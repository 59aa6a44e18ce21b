//! Login captcha images: five characters drawn from a 5×7 bitmap font, scaled, jittered and crossed with noise,
//! encoded as PNG. Letters and digits that people confuse (0/O, 1/I/L) are left out of the alphabet.

use base64::Engine;
use rand::Rng;

/// Characters a captcha is made of.
const ALPHABET: &[u8] = b"ABCDEFGHJKMNPQRSTUVWXYZ23456789";
const LENGTH: usize = 5;
const WIDTH: usize = 120;
const HEIGHT: usize = 40;
const SCALE: usize = 3;

/// Rows of a glyph, most significant of the low five bits on the left.
fn glyph(c: u8) -> [u8; 7] {
    match c {
        b'A' => [0b01110, 0b10001, 0b10001, 0b11111, 0b10001, 0b10001, 0b10001],
        b'B' => [0b11110, 0b10001, 0b10001, 0b11110, 0b10001, 0b10001, 0b11110],
        b'C' => [0b01110, 0b10001, 0b10000, 0b10000, 0b10000, 0b10001, 0b01110],
        b'D' => [0b11110, 0b10001, 0b10001, 0b10001, 0b10001, 0b10001, 0b11110],
        b'E' => [0b11111, 0b10000, 0b10000, 0b11110, 0b10000, 0b10000, 0b11111],
        b'F' => [0b11111, 0b10000, 0b10000, 0b11110, 0b10000, 0b10000, 0b10000],
        b'G' => [0b01110, 0b10001, 0b10000, 0b10111, 0b10001, 0b10001, 0b01111],
        b'H' => [0b10001, 0b10001, 0b10001, 0b11111, 0b10001, 0b10001, 0b10001],
        b'J' => [0b00111, 0b00010, 0b00010, 0b00010, 0b00010, 0b10010, 0b01100],
        b'K' => [0b10001, 0b10010, 0b10100, 0b11000, 0b10100, 0b10010, 0b10001],
        b'M' => [0b10001, 0b11011, 0b10101, 0b10101, 0b10001, 0b10001, 0b10001],
        b'N' => [0b10001, 0b10001, 0b11001, 0b10101, 0b10011, 0b10001, 0b10001],
        b'P' => [0b11110, 0b10001, 0b10001, 0b11110, 0b10000, 0b10000, 0b10000],
        b'Q' => [0b01110, 0b10001, 0b10001, 0b10001, 0b10101, 0b10010, 0b01101],
        b'R' => [0b11110, 0b10001, 0b10001, 0b11110, 0b10100, 0b10010, 0b10001],
        b'S' => [0b01111, 0b10000, 0b10000, 0b01110, 0b00001, 0b00001, 0b11110],
        b'T' => [0b11111, 0b00100, 0b00100, 0b00100, 0b00100, 0b00100, 0b00100],
        b'U' => [0b10001, 0b10001, 0b10001, 0b10001, 0b10001, 0b10001, 0b01110],
        b'V' => [0b10001, 0b10001, 0b10001, 0b10001, 0b10001, 0b01010, 0b00100],
        b'W' => [0b10001, 0b10001, 0b10001, 0b10101, 0b10101, 0b10101, 0b01010],
        b'X' => [0b10001, 0b10001, 0b01010, 0b00100, 0b01010, 0b10001, 0b10001],
        b'Y' => [0b10001, 0b10001, 0b01010, 0b00100, 0b00100, 0b00100, 0b00100],
        b'Z' => [0b11111, 0b00001, 0b00010, 0b00100, 0b01000, 0b10000, 0b11111],
        b'2' => [0b01110, 0b10001, 0b00001, 0b00010, 0b00100, 0b01000, 0b11111],
        b'3' => [0b11111, 0b00010, 0b00100, 0b00010, 0b00001, 0b10001, 0b01110],
        b'4' => [0b00010, 0b00110, 0b01010, 0b10010, 0b11111, 0b00010, 0b00010],
        b'5' => [0b11111, 0b10000, 0b11110, 0b00001, 0b00001, 0b10001, 0b01110],
        b'6' => [0b00110, 0b01000, 0b10000, 0b11110, 0b10001, 0b10001, 0b01110],
        b'7' => [0b11111, 0b00001, 0b00010, 0b00100, 0b01000, 0b01000, 0b01000],
        b'8' => [0b01110, 0b10001, 0b10001, 0b01110, 0b10001, 0b10001, 0b01110],
        b'9' => [0b01110, 0b10001, 0b10001, 0b01111, 0b00001, 0b00010, 0b01100],
        _ => [0; 7],
    }
}

/// A new captcha: its answer and the PNG as a data URL.
pub struct Captcha {
    pub answer: String,
    pub data_url: String,
}

/// An RGB canvas.
struct Canvas {
    pixels: Vec<u8>,
}

impl Canvas {
    fn put(&mut self, x: i64, y: i64, rgb: [u8; 3]) {
        if (0..WIDTH as i64).contains(&x) && (0..HEIGHT as i64).contains(&y) {
            let at = (y as usize * WIDTH + x as usize) * 3;
            self.pixels[at..at + 3].copy_from_slice(&rgb);
        }
    }

    fn line(&mut self, (mut x0, mut y0): (i64, i64), (x1, y1): (i64, i64), rgb: [u8; 3]) {
        let (dx, dy) = ((x1 - x0).abs(), -(y1 - y0).abs());
        let (sx, sy) = (if x0 < x1 { 1 } else { -1 }, if y0 < y1 { 1 } else { -1 });
        let mut err = dx + dy;
        loop {
            self.put(x0, y0, rgb);
            if x0 == x1 && y0 == y1 {
                break;
            }
            let e2 = 2 * err;
            if e2 >= dy {
                err += dy;
                x0 += sx;
            }
            if e2 <= dx {
                err += dx;
                y0 += sy;
            }
        }
    }
}

/// Draws a new captcha.
pub fn generate() -> Captcha {
    let mut rng = rand::thread_rng();
    let answer: String = (0..LENGTH).map(|_| ALPHABET[rng.gen_range(0..ALPHABET.len())] as char).collect();
    let background = [rng.gen_range(225..=250), rng.gen_range(225..=250), rng.gen_range(225..=250)];
    let mut canvas = Canvas { pixels: background.iter().copied().cycle().take(WIDTH * HEIGHT * 3).collect() };
    for _ in 0..4 {
        let colour = [rng.gen_range(120..200), rng.gen_range(120..200), rng.gen_range(120..200)];
        let from = (rng.gen_range(0..WIDTH as i64), rng.gen_range(0..HEIGHT as i64));
        let to = (rng.gen_range(0..WIDTH as i64), rng.gen_range(0..HEIGHT as i64));
        canvas.line(from, to, colour);
    }
    for (i, c) in answer.bytes().enumerate() {
        let colour = [rng.gen_range(10..90), rng.gen_range(10..90), rng.gen_range(40..130)];
        let left = 6 + i as i64 * 22 + rng.gen_range(-2..=2);
        let top = 8 + rng.gen_range(-5..=5);
        // A small shear per character: each row shifts by up to one pixel per two rows.
        let shear: i64 = rng.gen_range(-1..=1);
        for (row, bits) in glyph(c).iter().enumerate() {
            for col in 0..5 {
                if bits & (1 << (4 - col)) == 0 {
                    continue;
                }
                for dy in 0..SCALE {
                    for dx in 0..SCALE {
                        let y = top + (row * SCALE + dy) as i64;
                        let x = left + (col * SCALE + dx) as i64 + shear * (row as i64 - 3) / 2;
                        canvas.put(x, y, colour);
                    }
                }
            }
        }
    }
    for _ in 0..160 {
        let colour = [rng.gen_range(80..220), rng.gen_range(80..220), rng.gen_range(80..220)];
        canvas.put(rng.gen_range(0..WIDTH as i64), rng.gen_range(0..HEIGHT as i64), colour);
    }
    let mut png_bytes = Vec::new();
    {
        let mut encoder = png::Encoder::new(&mut png_bytes, WIDTH as u32, HEIGHT as u32);
        encoder.set_color(png::ColorType::Rgb);
        encoder.set_depth(png::BitDepth::Eight);
        let mut writer = encoder.write_header().expect("in-memory PNG header");
        writer.write_image_data(&canvas.pixels).expect("in-memory PNG data");
    }
    let data_url = format!("data:image/png;base64,{}", base64::engine::general_purpose::STANDARD.encode(&png_bytes));
    Captcha { answer, data_url }
}

/// Compares a typed code with the answer, ignoring case and surrounding spaces.
pub fn matches(typed: &str, answer: &str) -> bool {
    typed.trim().eq_ignore_ascii_case(answer)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_alphabet_character_has_a_glyph() {
        for c in ALPHABET {
            assert_ne!(glyph(*c), [0; 7], "{}", *c as char);
        }
    }

    #[test]
    fn generates_a_png_data_url_with_a_five_character_answer() {
        let captcha = generate();
        assert_eq!(captcha.answer.len(), LENGTH);
        assert!(captcha.answer.bytes().all(|b| ALPHABET.contains(&b)));
        assert!(captcha.data_url.starts_with("data:image/png;base64,iVBORw0KGgo"));
        assert_ne!(generate().answer, captcha.answer, "two captchas in a row differ (1 in 28 million to fail)");
    }

    #[test]
    fn answer_comparison_ignores_case_and_spaces() {
        assert!(matches(" abcde ", "ABCDE"));
        assert!(!matches("ABCD", "ABCDE"));
    }
}

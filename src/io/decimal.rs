//! Whole numbers as decimal digits straight into a byte buffer: the writers of large files
//! (sweep databases and chunks, column lists) write millions of numbers, where the `fmt`
//! machinery costs more than the digits.

/// Appends `v` in decimal, as `Display` writes it.
#[inline]
pub fn push_decimal(buf: &mut Vec<u8>, v: u64) {
    // Most numbers a sweep writes are a board's coordinates: one digit.
    if v < 10 {
        buf.push(b'0' + v as u8);
    } else {
        push_digits(buf, v);
    }
}

/// Two digits at a time, from the lowest.
fn push_digits(buf: &mut Vec<u8>, mut v: u64) {
    let mut digits = [0u8; 20];
    let mut k = digits.len();
    while v >= 100 {
        let pair = (v % 100) as usize;
        v /= 100;
        k -= 2;
        digits[k..k + 2].copy_from_slice(&PAIRS[2 * pair..2 * pair + 2]);
    }
    if v >= 10 {
        k -= 2;
        digits[k..k + 2].copy_from_slice(&PAIRS[2 * v as usize..2 * v as usize + 2]);
    } else {
        k -= 1;
        digits[k] = b'0' + v as u8;
    }
    buf.extend_from_slice(&digits[k..]);
}

/// "00", "01", ... "99", one after the other.
const PAIRS: [u8; 200] = {
    let mut t = [0u8; 200];
    let mut i = 0;
    while i < 100 {
        t[2 * i] = b'0' + (i / 10) as u8;
        t[2 * i + 1] = b'0' + (i % 10) as u8;
        i += 1;
    }
    t
};

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn the_ends_of_the_range() {
        for v in [
            0,
            9,
            10,
            99,
            100,
            101,
            999,
            1000,
            10_000_000_000_000_000_000,
            u64::MAX,
        ] {
            let mut buf = b"x".to_vec();
            push_decimal(&mut buf, v);
            assert_eq!(buf, format!("x{v}").into_bytes());
        }
    }

    proptest! {
        #[test]
        fn as_display_writes_it(v: u64) {
            let mut buf = Vec::new();
            push_decimal(&mut buf, v);
            prop_assert_eq!(buf, v.to_string().into_bytes());
        }
    }
}

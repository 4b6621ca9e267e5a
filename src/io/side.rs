//! A board side as a user may spell a huge one: `10000000`, `10_000_000`, `1e7` or `10^7`.

/// The side `s` names; an error says what is wrong with it.
pub fn parse_side(s: &str) -> Result<usize, String> {
    let bad = || format!("'{s}' is not a board side (digits, 1e7 or 10^7)");
    let t = s.replace('_', "");
    let power = |base: &str, exp: &str| -> Result<usize, String> {
        let (b, e): (usize, u32) = (base.parse().map_err(|_| bad())?, exp.parse().map_err(|_| bad())?);
        let p = 10usize
            .checked_pow(e)
            .ok_or_else(|| format!("'{s}' is absurdly large"))?;
        if base == "10" {
            Ok(p)
        } else {
            b.checked_mul(p).ok_or_else(|| format!("'{s}' is absurdly large"))
        }
    };
    if let Some((b, e)) = t.split_once('^') {
        if b != "10" {
            return Err(bad());
        }
        return power(b, e);
    }
    if let Some((b, e)) = t.split_once(['e', 'E']) {
        return power(b, e);
    }
    t.parse().map_err(|_| bad())
}

#[cfg(test)]
mod tests {
    use super::parse_side;

    #[test]
    fn sides_in_several_spellings() {
        let good = [
            ("10_000_000", 10_000_000),
            ("1e7", 10_000_000),
            ("10^8", 100_000_000),
            ("5e3", 5000),
        ];
        for (s, n) in good {
            assert_eq!(parse_side(s), Ok(n), "{s}");
        }
        for s in ["ten", "10^99", "3^4"] {
            assert!(parse_side(s).is_err(), "{s}");
        }
    }
}

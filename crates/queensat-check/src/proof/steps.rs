//! Proof steps as read from the file: DRAT (`lits 0`, `d lits 0`) and LRAT (`id lits 0 hints 0`,
//! `id d ids 0`), each in text or in binary (a step opens with the byte `a` or `d`, then
//! unsigned LEB128 numbers ended by a 0: a literal or a hint x as `2|x| + (x < 0)`, a clause
//! id as `2 id`).
//!
//! Invariant: a step handed out has literals in `1..=MAX_DIMACS_VAR` by magnitude, an LRAT id
//! at least 1 (a deletion's own id is ignored), nonzero hints and positive deleted ids; anything
//! else, or a step cut short, is a syntax error naming its position.

use super::format::ProofFormat;
use super::lits::MAX_DIMACS_VAR;
use super::scanner::{Scan, Scanner, shown, syntax};
use super::sniff::Encoding;
use std::io::Read;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Kind {
    Add,
    Delete,
}

/// One step; the vectors are reused from step to step.
#[derive(Debug)]
pub(super) struct Step {
    pub kind: Kind,
    /// LRAT: the added clause's id.
    pub id: i64,
    /// DIMACS literals of the added or deleted clause (DRAT) or the added clause (LRAT).
    pub lits: Vec<i64>,
    /// LRAT: the hints of an addition (negative: a RAT candidate), or the deleted ids.
    pub hints: Vec<i64>,
}

pub(super) struct StepReader<R> {
    s: Scanner<R>,
    format: ProofFormat,
    encoding: Encoding,
    pub step: Step,
    /// Where the current step starts: byte offset and line.
    start: (u64, u64),
}

impl<R: Read> StepReader<R> {
    pub(super) fn new(s: Scanner<R>, format: ProofFormat, encoding: Encoding) -> Self {
        StepReader {
            s,
            format,
            encoding,
            step: Step {
                kind: Kind::Add,
                id: 0,
                lits: Vec::new(),
                hints: Vec::new(),
            },
            start: (0, 1),
        }
    }

    /// Where the current step is (in text, the line of the error just met), in words.
    pub(super) fn position(&self) -> String {
        match self.encoding {
            Encoding::Text => format!("line {}", self.start.1),
            Encoding::Binary => format!("byte {}", self.start.0),
        }
    }

    /// Reads the next step into `self.step`; false at the end of the proof.
    pub(super) fn next(&mut self) -> Scan<bool> {
        self.step.lits.clear();
        self.step.hints.clear();
        let read = match self.encoding {
            Encoding::Text => self.next_text(),
            Encoding::Binary => self.next_binary(),
        };
        if read.is_err() {
            // In text, the error's own line, more precise than the step's.
            self.start.1 = self.s.line();
        }
        read
    }

    fn next_text(&mut self) -> Scan<bool> {
        loop {
            self.s.skip_space()?;
            match self.s.peek()? {
                None => return Ok(false),
                Some(b'c') => self.s.skip_line()?,
                Some(_) => break,
            }
        }
        self.start = (self.s.offset(), self.s.line());
        if self.format == ProofFormat::Lrat {
            self.step.id = self.s.int()?;
            if self.step.id < 0 {
                return syntax(format!("clause id {}", self.step.id));
            }
            self.s.skip_space()?;
        }
        self.step.kind = if self.s.peek()? == Some(b'd') {
            self.s.next()?;
            Kind::Delete
        } else {
            Kind::Add
        };
        if (self.format, self.step.kind) == (ProofFormat::Lrat, Kind::Add) && self.step.id == 0 {
            return syntax(format!("clause id {} (ids start at 1)", self.step.id));
        }
        self.body(Self::text_number)
    }

    /// The next number of a text step, `None` for its closing 0.
    fn text_number(&mut self) -> Scan<Option<i64>> {
        self.s.skip_space()?;
        if self.s.peek()?.is_none() {
            return syntax("the last step has no closing 0");
        }
        let n = self.s.int()?;
        Ok((n != 0).then_some(n))
    }

    fn next_binary(&mut self) -> Scan<bool> {
        self.start = (self.s.offset(), self.s.line());
        self.step.kind = match self.s.next()? {
            None => return Ok(false),
            Some(b'a') => Kind::Add,
            Some(b'd') => Kind::Delete,
            Some(b) => return syntax(format!("byte {} where a step opens with `a` or `d`", shown(b))),
        };
        if (self.format, self.step.kind) == (ProofFormat::Lrat, Kind::Add) {
            let id = self.s.varint()?;
            if id & 1 == 1 || id < 2 {
                return syntax(format!(
                    "clause id code {id} (an id is written as 2 id, ids start at 1)"
                ));
            }
            self.step.id = (id >> 1) as i64;
        }
        self.body(Self::binary_number)
    }

    /// The rest of a step, read with `number` (the text or the binary reader, `None` for a
    /// closing 0): its literals, then an LRAT addition's hints; or the ids an LRAT deletion
    /// names (a DRAT deletion names its clause by its literals).
    fn body(&mut self, number: fn(&mut Self) -> Scan<Option<i64>>) -> Scan<bool> {
        if (self.format, self.step.kind) == (ProofFormat::Lrat, Kind::Delete) {
            while let Some(id) = number(self)? {
                self.step.hints.push(deleted_id(id)?);
            }
            return Ok(true);
        }
        while let Some(l) = number(self)? {
            self.step.lits.push(literal(l)?);
        }
        if self.format == ProofFormat::Lrat {
            while let Some(h) = number(self)? {
                self.step.hints.push(h);
            }
        }
        Ok(true)
    }

    /// The next signed number of a binary step (`2|x| + (x < 0)`), `None` for its closing 0.
    fn binary_number(&mut self) -> Scan<Option<i64>> {
        let code = self.s.varint()?;
        if code == 1 {
            return syntax("the number -0");
        }
        let magnitude = (code >> 1) as i64;
        Ok((code != 0).then_some(if code & 1 == 1 { -magnitude } else { magnitude }))
    }
}

fn literal(l: i64) -> Scan<i64> {
    if l.unsigned_abs() > MAX_DIMACS_VAR {
        return syntax(format!(
            "literal {l} beyond the largest DIMACS variable {MAX_DIMACS_VAR}"
        ));
    }
    Ok(l)
}

fn deleted_id(id: i64) -> Scan<i64> {
    if id < 1 {
        return syntax(format!("deleted clause id {id}"));
    }
    Ok(id)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn steps(bytes: &[u8], format: ProofFormat, encoding: Encoding) -> Result<Vec<String>, String> {
        let mut r = StepReader::new(Scanner::new(bytes), format, encoding);
        let mut out = Vec::new();
        loop {
            match r.next() {
                Ok(true) => out.push(format!(
                    "{:?} {} {:?} {:?}",
                    r.step.kind, r.step.id, r.step.lits, r.step.hints
                )),
                Ok(false) => return Ok(out),
                Err(super::super::scanner::ScanError::Syntax(m)) => {
                    return Err(format!("{}: {m}", r.position()));
                }
                Err(e) => return Err(format!("{e:?}")),
            }
        }
    }

    #[test]
    fn the_four_syntaxes_read_the_same_steps() {
        use Encoding::*;
        use ProofFormat::*;
        let drat = ["Add 0 [1, -2] []", "Delete 0 [3] []", "Add 0 [] []"];
        assert_eq!(steps(b"c hi\n1 -2 0\nd 3 0\n0\n", Drat, Text).unwrap(), drat);
        assert_eq!(
            steps(&[b'a', 2, 5, 0, b'd', 6, 0, b'a', 0], Drat, Binary).unwrap(),
            drat
        );
        let lrat = ["Add 9 [1, -2] [3, -4, 5]", "Delete 9 [] [3, 4]", "Add 10 [] [9]"];
        assert_eq!(
            steps(b"9 1 -2 0 3 -4 5 0\n9 d 3 4 0\n10 0 9 0\n", Lrat, Text).unwrap(),
            lrat
        );
        let bin = [b'a', 18, 2, 5, 0, 6, 9, 10, 0, b'd', 6, 8, 0, b'a', 20, 0, 18, 0];
        let mut want = lrat;
        want[1] = "Delete 10 [] [3, 4]"; // a binary deletion has no id of its own: the last one stays
        let got = steps(&bin, Lrat, Binary).unwrap();
        assert_eq!(got[0], want[0]);
        assert_eq!(&got[1][..6], "Delete");
        assert_eq!(got[2], want[2]);
    }

    #[test]
    fn bad_steps_name_their_place() {
        use Encoding::*;
        use ProofFormat::*;
        for (bytes, format, encoding, want) in [
            (
                &b"1 2 0\n3 4"[..],
                Drat,
                Text,
                "line 2: the last step has no closing 0",
            ),
            (b"1 2 0\n3 x 0", Drat, Text, "line 2: unexpected byte 'x'"),
            (b"1 2 0\n3 4294967296 0\n", Drat, Text, "beyond the largest"),
            (
                &[b'a', 2, 0, b'x'],
                Drat,
                Binary,
                "byte 3: byte 'x' where a step opens",
            ),
            (&[b'a', 2], Drat, Binary, "cut short"),
            (&[b'a', 1, 0], Drat, Binary, "-0"),
            (&[b'a', 3, 0, 0], Lrat, Binary, "clause id code 3"),
            (b"0 1 0 0\n", Lrat, Text, "clause id 0"),
            (b"5 d 0 0\n", Lrat, Text, "clause id 0"),
            (b"-5 1 0 0\n", Lrat, Text, "line 1: clause id -5"),
            (b"5 d -3 0\n", Lrat, Text, "deleted clause id -3"),
        ] {
            let e = steps(bytes, format, encoding).unwrap_err();
            assert!(e.contains(want), "{bytes:?}: {e}");
        }
    }
}

//! The one JSON envelope of every command's JSON output: `command` (the subcommand's name) and
//! `version` first, then the command's own fields, flattened, so readers of the fields keep
//! working. A command whose report is a list names it (`{"reports": [...]}`). JSON-lines
//! outputs (`solutions`, `value --batch`) carry the envelope on every line: each line stands alone, so a
//! reader that filters lines by `type` or stops after the first needs no header.
//! A report that carries its provenance (the invocation, date, host) names the invocation
//! `command_line` there, since `command` is the envelope's.
//! The schema of each command's output is `docs/schema/<command>.json`.

use serde::Serialize;

/// The JSON of `command`'s report `body`, on one line (no newline). Invariant: `body`
/// serializes as an object without a `version` field.
pub fn command_json<T: Serialize + ?Sized>(command: &str, body: &T) -> serde_json::Result<String> {
    let body = serde_json::to_string(body)?;
    let fields = body
        .strip_prefix('{')
        .expect("a command's report is a JSON object");
    let envelope = format!(
        "{{\"command\":{},\"version\":{}",
        serde_json::to_string(command)?,
        serde_json::to_string(env!("CARGO_PKG_VERSION"))?
    );
    let sep = if fields == "}" { "" } else { "," };
    Ok(format!("{envelope}{sep}{}", invocation_as_command_line(fields)))
}

/// `fields` (an object's text after its `{`, compact as serde_json writes it) with the
/// top-level key `command` renamed `command_line`; nested objects are left alone.
fn invocation_as_command_line(fields: &str) -> String {
    let (mut depth, mut in_string, mut escaped) = (0usize, false, false);
    let mut previous = b'{';
    for (i, b) in fields.bytes().enumerate() {
        if in_string {
            match b {
                _ if escaped => escaped = false,
                b'\\' => escaped = true,
                b'"' => in_string = false,
                _ => {}
            }
            continue;
        }
        match b {
            // A key: a string at the top level right after `{` or `,`.
            b'"' if depth == 0
                && matches!(previous, b'{' | b',')
                && fields[i..].starts_with("\"command\":") =>
            {
                return format!("{}\"command_line\"{}", &fields[..i], &fields[i + 9..]);
            }
            b'"' => in_string = true,
            b'{' | b'[' => depth += 1,
            b'}' | b']' => depth = depth.saturating_sub(1),
            _ => {}
        }
        previous = b;
    }
    fields.to_string()
}

#[cfg(test)]
mod tests {
    #[derive(serde::Serialize)]
    struct Body {
        value: u32,
        b: &'static str,
    }

    #[test]
    fn the_envelope_comes_first_and_the_fields_keep_their_order() {
        let v = env!("CARGO_PKG_VERSION");
        let line = super::command_json("value", &Body { value: 4, b: "x" }).unwrap();
        assert_eq!(
            line,
            format!(r#"{{"command":"value","version":"{v}","value":4,"b":"x"}}"#)
        );
        let line = super::command_json("cover", &serde_json::json!({})).unwrap();
        assert_eq!(line, format!(r#"{{"command":"cover","version":"{v}"}}"#));
    }

    #[test]
    fn only_the_top_level_command_becomes_the_command_line() {
        let body = serde_json::json!({
            "a": {"command": "nested"}, "b": "\"command\":", "command": "queensat x", "z": 1
        });
        let line = super::command_json("verify", &body).unwrap();
        let v: serde_json::Value = serde_json::from_str(&line).unwrap();
        assert_eq!(v["command"], "verify");
        assert_eq!(v["command_line"], "queensat x");
        assert_eq!(v["a"]["command"], "nested");
        assert_eq!(v["b"], "\"command\":");
    }
}

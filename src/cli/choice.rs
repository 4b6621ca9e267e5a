//! The parser of the library's named options ([`queensat::choice::Choice`]): clap lists their
//! names and help as it does a `ValueEnum`'s, while the library stays free of clap.

use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
use queensat::choice::Choice;
use std::marker::PhantomData;

/// Parses one of `T`'s names (exactly, as clap's `ValueEnum` does).
#[derive(Clone, Copy)]
pub struct ChoiceParser<T>(PhantomData<T>);

/// The parser of `T`'s names: `#[arg(value_parser = choice::<T>())]`.
pub fn choice<T: Choice>() -> ChoiceParser<T> {
    ChoiceParser(PhantomData)
}

/// An option's help as clap shows a variant's doc comment: lines joined, no final period.
fn help_line(doc: &str) -> &str {
    doc.trim().strip_suffix('.').unwrap_or(doc.trim())
}

impl<T: Choice> ChoiceParser<T> {
    fn values() -> impl Iterator<Item = PossibleValue> {
        T::CHOICES.iter().map(|c| {
            let value = PossibleValue::new(c.name);
            match help_line(c.help) {
                "" => value,
                help => value.help(help),
            }
        })
    }
}

impl<T: Choice + Send + Sync> TypedValueParser for ChoiceParser<T> {
    type Value = T;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &std::ffi::OsStr,
    ) -> Result<T, clap::Error> {
        // clap's own parser of a fixed list, for its error message naming the values.
        let name = PossibleValuesParser::new(Self::values()).parse_ref(cmd, arg, value)?;
        Ok(T::from_choice_name(&name).expect("a listed name"))
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        Some(Box::new(Self::values()))
    }
}

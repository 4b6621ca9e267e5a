//! Closed sets of named options (an encoding, a search order, a solver preset): each option's
//! name, as the command line and the docs spell it, and its one line of help, taken from the
//! variant's doc comment so the two never drift. Beside the layers, so that every layer can
//! name its options without depending on the command line's parser.

/// One option of a [`Choice`].
#[derive(Clone, Copy, Debug)]
pub struct Named<T: 'static> {
    pub value: T,
    /// The name the command line takes and prints (kebab-case unless stated).
    pub name: &'static str,
    /// The variant's doc comment, its lines joined (as written: trim it before showing it).
    pub help: &'static str,
}

/// A closed set of options. Invariant: [`Choice::CHOICES`] lists every variant exactly once,
/// with distinct names.
pub trait Choice: Copy + PartialEq + Sized + 'static {
    /// Every option, in the order help lists them.
    const CHOICES: &'static [Named<Self>];

    /// This option's name.
    fn choice_name(self) -> &'static str {
        Self::CHOICES
            .iter()
            .find(|c| c.value == self)
            .map(|c| c.name)
            .expect("CHOICES lists every variant")
    }

    /// The option named `s` (exact match), or a message listing the names.
    fn from_choice_name(s: &str) -> Result<Self, String> {
        Self::CHOICES
            .iter()
            .find(|c| c.name == s)
            .map(|c| c.value)
            .ok_or_else(|| {
                let names: Vec<&str> = Self::CHOICES.iter().map(|c| c.name).collect();
                format!("'{s}' is not one of: {}", names.join(", "))
            })
    }
}

/// A doc attribute's text, any other attribute's nothing: [`choices!`] builds each option's
/// help from its variant's attributes with it.
#[doc(hidden)]
#[macro_export]
macro_rules! doc_text {
    (doc = $text:literal) => {
        $text
    };
    ($($other:tt)*) => {
        ""
    };
}

/// Declares an enum whose variants each carry a name (`Variant = "name",`), one of them
/// `#[default]`. It derives the traits every option needs (`Clone, Copy, Debug, Default,
/// PartialEq, Eq`) and implements [`Choice`], `Display`, serde's traits and `name()` by that name, so
/// the command line, the help, the reports and the files spell an option one way.
#[macro_export]
macro_rules! choices {
    (
        $(#[$meta:meta])*
        $vis:vis enum $name:ident {
            $( $(#[$($vattr:tt)*])* $variant:ident = $cli:literal, )*
        }
    ) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
        $vis enum $name {
            $( $(#[$($vattr)*])* $variant, )*
        }

        impl ::serde::Serialize for $name {
            fn serialize<S: ::serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.serialize_str($crate::choice::Choice::choice_name(*self))
            }
        }

        impl<'de> ::serde::Deserialize<'de> for $name {
            fn deserialize<D: ::serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                let name = <String as ::serde::Deserialize>::deserialize(d)?;
                <Self as $crate::choice::Choice>::from_choice_name(&name)
                    .map_err(<D::Error as ::serde::de::Error>::custom)
            }
        }

        impl $crate::choice::Choice for $name {
            const CHOICES: &'static [$crate::choice::Named<Self>] = &[
                $( $crate::choice::Named {
                    value: $name::$variant,
                    name: $cli,
                    help: concat!("" $(, $crate::doc_text!($($vattr)*))*),
                }, )*
            ];
        }

        impl $name {
            /// The option's name, as the command line takes it ([`Choice`]($crate::choice::Choice)).
            #[allow(dead_code)]
            pub fn name(self) -> &'static str {
                $crate::choice::Choice::choice_name(self)
            }
        }

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str($crate::choice::Choice::choice_name(*self))
            }
        }
    };
}

#[cfg(test)]
mod tests {
    use super::Choice as _;

    crate::choices! {
        /// A test set.
        enum Colour {
            /// Bright,
            /// on two lines.
            #[default]
            Light = "light",
            Dark = "dark-ish",
        }
    }

    #[test]
    fn names_help_and_parsing_agree() {
        assert_eq!(Colour::CHOICES.len(), 2);
        assert_eq!(Colour::CHOICES[0].help, " Bright, on two lines.");
        assert_eq!(Colour::CHOICES[1].help, "");
        assert_eq!(Colour::Dark.to_string(), "dark-ish");
        assert_eq!(Colour::from_choice_name("light"), Ok(Colour::Light));
        assert_eq!(Colour::default().choice_name(), "light");
        assert_eq!(serde_json::to_string(&Colour::Dark).unwrap(), r#""dark-ish""#);
        let read: Colour = serde_json::from_str(r#""light""#).unwrap();
        assert_eq!(read, Colour::Light);
        assert!(serde_json::from_str::<Colour>(r#""Light""#).is_err());
        assert!(
            Colour::from_choice_name("Light")
                .unwrap_err()
                .contains("light, dark-ish")
        );
    }
}

//! One record of a search's log, for every search: the question, its [`Answer`], the size of
//! what was found, and its time. Each log keeps the field names its files have always had
//! (`at_least` and `queens` for the value, `bound` and `selected` for covers, ...), named by
//! its [`CallForm`].

use super::answer::Answer;
use crate::run::deadline::Clock;
use serde::de::{DeserializeOwned, Error as _, IgnoredAny, MapAccess, Visitor};
use serde::ser::SerializeStruct;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;
use std::marker::PhantomData;

/// How one kind of log names its fields.
pub trait CallForm {
    /// What is asked: a count, or a bound in words.
    type Question: Clone + fmt::Debug + PartialEq + Serialize + DeserializeOwned;
    /// The key of the question.
    const QUESTION: &'static str;
    /// The key of the size of what a "yes" found, where the log records it.
    const FOUND: Option<&'static str>;
    /// Whether the log records the call's CPU seconds.
    const CPU: bool;
    /// Whose CPU seconds it records.
    const CPU_CLOCK: Clock = Clock::Thread;
}

/// One question of a search and its answer.
pub struct Call<F: CallForm> {
    pub question: F::Question,
    pub answer: Answer,
    /// The size of what a "yes" found (queens, walls, solutions selected).
    pub found: Option<usize>,
    /// Wall-clock seconds of the call.
    pub seconds: f64,
    /// CPU seconds of the call (0 where the form records none, and in files written before).
    pub cpu_seconds: f64,
}

impl<F: CallForm> Call<F> {
    /// A call that took no time (a bound that needed no solver, a stop before the call).
    pub fn instant(question: F::Question, answer: Answer) -> Call<F> {
        Call {
            question,
            answer,
            found: None,
            seconds: 0.0,
            cpu_seconds: 0.0,
        }
    }
}

impl<F: CallForm> Clone for Call<F> {
    fn clone(&self) -> Self {
        Call {
            question: self.question.clone(),
            answer: self.answer,
            found: self.found,
            seconds: self.seconds,
            cpu_seconds: self.cpu_seconds,
        }
    }
}

impl<F: CallForm> fmt::Debug for Call<F> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Call")
            .field(F::QUESTION, &self.question)
            .field("answer", &self.answer)
            .field("found", &self.found)
            .field("seconds", &self.seconds)
            .finish()
    }
}

impl<F: CallForm> Serialize for Call<F> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let n = 3 + usize::from(F::FOUND.is_some()) + usize::from(F::CPU);
        let mut st = s.serialize_struct("Call", n)?;
        st.serialize_field(F::QUESTION, &self.question)?;
        st.serialize_field("answer", &self.answer)?;
        if let Some(key) = F::FOUND {
            st.serialize_field(key, &self.found)?;
        }
        st.serialize_field("seconds", &self.seconds)?;
        if F::CPU {
            st.serialize_field("cpu_seconds", &self.cpu_seconds)?;
        }
        st.end()
    }
}

impl<'de, F: CallForm> Deserialize<'de> for Call<F> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Call<F>, D::Error> {
        d.deserialize_map(CallVisitor(PhantomData))
    }
}

struct CallVisitor<F>(PhantomData<F>);

impl<'de, F: CallForm> Visitor<'de> for CallVisitor<F> {
    type Value = Call<F>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "a solver call with `{}` and `answer`", F::QUESTION)
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Call<F>, A::Error> {
        let (mut question, mut answer, mut found, mut seconds, mut cpu_seconds) =
            (None, None, None, None, None);
        while let Some(key) = map.next_key::<String>()? {
            match key.as_str() {
                k if k == F::QUESTION => question = Some(map.next_value()?),
                "answer" => answer = Some(map.next_value()?),
                k if Some(k) == F::FOUND => found = map.next_value()?,
                "seconds" => seconds = Some(map.next_value()?),
                "cpu_seconds" if F::CPU => cpu_seconds = Some(map.next_value()?),
                _ => {
                    map.next_value::<IgnoredAny>()?;
                }
            }
        }
        // A missing question is `None` where the question is optional, as serde's derive has it.
        let question = match question {
            Some(q) => q,
            None => {
                F::Question::deserialize(serde::de::value::UnitDeserializer::<serde::de::value::Error>::new())
                    .map_err(|_| A::Error::missing_field(F::QUESTION))?
            }
        };
        Ok(Call {
            question,
            answer: answer.ok_or_else(|| A::Error::missing_field("answer"))?,
            found,
            seconds: seconds.ok_or_else(|| A::Error::missing_field("seconds"))?,
            cpu_seconds: cpu_seconds.unwrap_or(0.0),
        })
    }
}

/// Declares a [`CallForm`]: `Name: Question, "question key", found, cpu;` then any other
/// associated consts in braces.
macro_rules! call_form {
    ($(#[$doc:meta])* $name:ident: $q:ty, $question:literal, $found:expr, $cpu:literal $(, { $($extra:tt)* })?) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug)]
        pub struct $name;

        impl CallForm for $name {
            type Question = $q;
            const QUESTION: &'static str = $question;
            const FOUND: Option<&'static str> = $found;
            const CPU: bool = $cpu;
            $($($extra)*)?
        }
    };
}

call_form!(
    /// The value search's log: `at_least`, `answer`, `queens`, `seconds`.
    ValueForm: usize, "at_least", Some("queens"), false
);
call_form!(
    /// The armies search's log: `at_least` (both armies), `answer`, `seconds`.
    ArmyForm: usize, "at_least", None, false
);
call_form!(
    /// The packing and covering log: `bound` (`>= k`, `<= k`, `= n (partition)`, `any`),
    /// `answer`, `selected`, `seconds`, `cpu_seconds`.
    CoverForm: String, "bound", Some("selected"), true
);
call_form!(
    /// The least-walls log: `at_most_walls` (`None` for the first call, without a bound),
    /// `answer`, `walls`, `seconds`, `cpu_seconds`, the process's CPU.
    WallForm: Option<usize>, "at_most_walls", Some("walls"), true, {
        const CPU_CLOCK: Clock = Clock::Process;
    }
);

/// One solver call of the value search ("at least k queens").
pub type SolverCall = Call<ValueForm>;
/// One "both armies ≥ k?" call.
pub type ArmyCall = Call<ArmyForm>;
/// One step of a packing or covering search: a bound asked of the solver, the start, or an
/// exact search.
pub type BoundCall = Call<CoverForm>;

/// One solver call of the least-walls minimisation.
pub type WallCall = Call<WallForm>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_log_keeps_its_fields() {
        let v = SolverCall {
            question: 11,
            answer: Answer::UNSAT,
            found: None,
            seconds: 0.5,
            cpu_seconds: 0.25,
        };
        assert_eq!(
            serde_json::to_string(&v).unwrap(),
            r#"{"at_least":11,"answer":"unsat","queens":null,"seconds":0.5}"#
        );
        let a = ArmyCall::instant(3, Answer::SAT);
        let json = serde_json::to_string(&a).unwrap();
        assert_eq!(json, r#"{"at_least":3,"answer":"sat","seconds":0.0}"#);
        assert_eq!(serde_json::from_str::<ArmyCall>(&json).unwrap().question, 3);
        let w = r#"{"answer":"sat","walls":4,"seconds":1.0}"#;
        let w: WallCall = serde_json::from_str(w).unwrap();
        assert_eq!((w.question, w.found, w.cpu_seconds), (None, Some(4), 0.0));
        assert_eq!(
            serde_json::to_string(&w).unwrap(),
            r#"{"at_most_walls":null,"answer":"sat","walls":4,"seconds":1.0,"cpu_seconds":0.0}"#
        );
        let b = r#"{"bound":">= 3","answer":"start","selected":3,"seconds":0.1,"cpu_seconds":0.1}"#;
        let b: BoundCall = serde_json::from_str(b).unwrap();
        assert_eq!(b.answer, Answer::Sat(super::super::answer::Finder::Start));
        // What a file must hold.
        assert!(serde_json::from_str::<ArmyCall>(r#"{"answer":"sat","seconds":0}"#).is_err());
        assert!(serde_json::from_str::<ArmyCall>(r#"{"at_least":1,"answer":"maybe","seconds":0}"#).is_err());
    }
}

//! Reading a file that the user named, `-` meaning standard input ([`queensat::io::read_input`]).

pub use queensat::io::{open_input as open_text, read_input as read_text};

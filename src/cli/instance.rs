//! A board given either as [`BoardArgs`] or as a CSPLib blocked n-queens instance file.

use super::board_args::BoardArgs;
use anyhow::bail;
use clap::Args;
use queensat::board::{Board, Placement};
use queensat::io::parse_blocked_queens;
use std::path::PathBuf;

/// Board selection, with the CSPLib instance format as one more source.
#[derive(Args, Debug, Clone, Default)]
pub struct InstanceArgs {
    #[command(flatten)]
    pub board: BoardArgs,
    /// A CSPLib blocked n-queens instance (prob080: n and blocked squares, 1-based text or
    /// 0-based XCSP JSON); blocked squares become holes and n queens are wanted.
    #[arg(long, value_name = "FILE")]
    pub csplib: Option<PathBuf>,
}

/// A loaded board, the queens its file showed, and the queens the instance asks for.
pub struct Loaded {
    pub board: Board,
    pub shown: Placement,
    pub wanted: Option<usize>,
}

impl InstanceArgs {
    pub fn load(&self) -> anyhow::Result<Loaded> {
        let Some(path) = &self.csplib else {
            let (board, shown) = self.board.load()?;
            return Ok(Loaded {
                board,
                shown,
                wanted: None,
            });
        };
        let b = &self.board;
        if b.file.is_some() || b.shape.given() || b.bits.is_some() {
            bail!("give either --csplib FILE or a board, not both");
        }
        let text = super::input::read_text(path, "instance file")?;
        let inst = parse_blocked_queens(&text).map_err(|e| e.in_file(&path.display().to_string()))?;
        let mut board = inst.board;
        // Extra walls or holes on top of an instance are allowed (for experiments).
        b.place_cells(&mut board)?;
        Ok(Loaded {
            board,
            shown: Placement::default(),
            wanted: Some(inst.queens),
        })
    }
}

//! `uno-sim`: the parallel batch runner, mergeable statistics and the `uno` CLI.

pub mod balance;
pub mod cli;
pub mod config;
pub mod output;
pub mod progress;
pub mod provenance;
pub mod rating;
pub mod replay;
pub mod runner;
pub mod shard;
pub mod stats;
pub mod tournament;
#[cfg(feature = "neural")]
pub mod train;
pub mod train_cli;
pub mod variant;

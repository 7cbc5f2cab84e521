//! Prints the Blender deck's manifest as CSV: for every kind, how many copies each product
//! brings (the default deck, or `--products`: the `products` preset's modifier readings).
//! `experiments/blender/products.py` uses it to roll card strength up by product.
//!
//! `cargo run --release -p uno-engine --example blender_products > experiments/blender/manifest.csv`

use uno_engine::blender::cards::{product_matrix, table, PRODUCTS};
use uno_engine::blender::BlenderOptions;

fn main() {
    let opts = if std::env::args().any(|a| a == "--products") {
        BlenderOptions {
            flex_flip: true,
            teams_swap: true,
            flex_number_colors: true,
            ..Default::default()
        }
    } else {
        BlenderOptions::default()
    };
    let m = product_matrix(&opts);
    println!("kind,code,product,copies");
    for (k, info) in table().iter().enumerate() {
        for (p, row) in m.iter().enumerate() {
            if row[k] > 0 {
                println!("{k},{},{},{}", info.code, PRODUCTS[p], row[k]);
            }
        }
    }
}

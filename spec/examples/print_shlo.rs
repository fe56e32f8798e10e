//! Prints a file's cases after parsing them (debugging aid): `print_shlo [--generic] <file>`.

use shardref_spec::print::{PrintOptions, print_module};
use shardref_spec::split::split_cases;

fn main() {
    let mut generic = false;
    let mut files = vec![];
    for a in std::env::args().skip(1) {
        if a == "--generic" {
            generic = true;
        } else {
            files.push(a);
        }
    }
    for f in files {
        let text = match std::fs::read_to_string(&f) {
            Ok(t) => t,
            Err(e) => {
                eprintln!("{f}: {e}");
                continue;
            }
        };
        for case in split_cases(&f, &text) {
            match shardref_spec::parse(&case.name, &case.text) {
                Ok(m) => print!("{}", print_module(&m, PrintOptions { generic, ..Default::default() })),
                Err(r) => eprintln!("{r}"),
            }
        }
    }
}

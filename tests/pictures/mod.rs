//! Reading boards back: the data attributes of a picture or of the viewer's
//! board, and the positions `ayo json` gives for the same game. Shared by
//! tests/svg.rs and tests/browser.rs.

#![allow(dead_code)]

use std::collections::BTreeMap;

use regex::Regex;
use serde_json::Value;

use super::common::ayo;

/// What a picture says about its position, read from its data attributes.
#[derive(Debug, PartialEq)]
pub struct Drawn {
    pub ply: u32,
    pub rules: String,
    pub south: Vec<u64>,
    pub north: Vec<u64>,
    pub stores: [u64; 2],
}

/// Reads the data attributes of a picture (or of the viewer's board).
pub fn read_svg(svg: &str) -> Drawn {
    let root = Regex::new(r#"<svg [^>]*class="ayo-board"[^>]*>"#).unwrap();
    let root = root.find(svg).expect("an ayo-board root").as_str();
    let attr = |name: &str| {
        Regex::new(&format!(r#" {name}="([^"]*)""#))
            .unwrap()
            .captures(root)
            .unwrap_or_else(|| panic!("{name} on {root}"))[1]
            .to_string()
    };
    let pit =
        Regex::new(r#"<g class="pit(?: many)?" data-pit="([A-Za-z])" data-seeds="(\d+)""#).unwrap();
    let mut pits: BTreeMap<char, u64> = BTreeMap::new();
    for c in pit.captures_iter(svg) {
        let letter = c[1].chars().next().unwrap();
        assert!(
            pits.insert(letter, c[2].parse().unwrap()).is_none(),
            "pit {letter} twice"
        );
    }
    let row = |base: u8| -> Vec<u64> {
        (0..)
            .map_while(|i| pits.get(&char::from(base + i)).copied())
            .collect()
    };
    let store = |side: &str| -> u64 {
        Regex::new(&format!(
            r#"<g class="store" data-side="{side}" data-seeds="(\d+)""#
        ))
        .unwrap()
        .captures(svg)
        .unwrap_or_else(|| panic!("{side}'s store"))[1]
            .parse()
            .unwrap()
    };
    let drawn = Drawn {
        ply: attr("data-ply").parse().unwrap(),
        rules: attr("data-rules").replace("&amp;", "&"),
        south: row(b'a'),
        north: row(b'A'),
        stores: [store("south"), store("north")],
    };
    assert_eq!(
        drawn.south.len() + drawn.north.len(),
        pits.len(),
        "pits named a, b, … and A, B, … without a gap"
    );
    drawn
}

/// The positions of a game of `ayo json`'s output: the start (from its set-up
/// string) and the board after each main-line move that was played.
pub fn positions(game: &Value) -> Vec<Drawn> {
    let rules = game["rules"].as_str().unwrap_or_default().to_string();
    let Some(setup) = game["setup"].as_str() else {
        return Vec::new();
    };
    // `S1,S2,…/N1,N2,… SOUTH-NORTH SIDE`
    let mut parts = setup.split(' ');
    let (rows, stores) = (parts.next().unwrap(), parts.next().unwrap());
    let row = |r: &str| r.split(',').map(|n| n.parse().unwrap()).collect();
    let (south, north) = rows.split_once('/').unwrap();
    let (s, n) = stores.split_once('-').unwrap();
    let mut out = vec![Drawn {
        ply: 0,
        rules: rules.clone(),
        south: row(south),
        north: row(north),
        stores: [s.parse().unwrap(), n.parse().unwrap()],
    }];
    for m in game["moves"].as_array().unwrap() {
        if m["board"].is_null() {
            break;
        }
        let nums = |v: &Value| -> Vec<u64> {
            v.as_array()
                .unwrap()
                .iter()
                .map(|x| x.as_u64().unwrap())
                .collect()
        };
        let stores = nums(&m["stores"]);
        out.push(Drawn {
            ply: m["ply"].as_u64().unwrap() as u32,
            rules: rules.clone(),
            south: nums(&m["board"]["south"]),
            north: nums(&m["board"]["north"]),
            stores: [stores[0], stores[1]],
        });
    }
    out
}

/// `ayo json FILE`, one value a game.
pub fn json_games(file: &str) -> Vec<Value> {
    let out = ayo().args(["json", file]).output().unwrap();
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

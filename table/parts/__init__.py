"""The box's printed parts, made from the hardware profile (build123d; the `cad` extra).

`geometry` lays the box out from the profile (pure Python); `panel`, `dial`, `front` and
`enclosure` build the parts; `split` cuts a part larger than the print bed; `assembly` puts them
together with the screw joints and the bought parts' pockets; `checks` proves the box can be
built; `render` and `export` write the files of `worms-table parts`.  Only `table.profiles` is
imported from the rest of the package.
"""

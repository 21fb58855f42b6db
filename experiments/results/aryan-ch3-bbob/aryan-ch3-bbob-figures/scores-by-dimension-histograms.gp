# written by bobench reproduce: dimension histograms of Borda scores and first places
if (strstrt(GPVAL_TERMINALS, 'pngcairo') > 0) { set terminal pngcairo size 960,640 } else { set terminal png size 960,640 }
set output 'scores-by-dimension-borda.png'
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.85 border -1
set boxwidth 0.9
set key outside right top noenhanced
set xtics noenhanced rotate by -20
set ylabel 'Borda score (optimizers beaten, summed over problems)'
set xlabel 'dimension'
set title 'Borda scores by dimension' noenhanced
set xrange [-0.6:3.6]
set yrange [0:42]
set grid ytics
plot 'scores-by-dimension-borda.dat' using 2:xtic(1) title 'ELM' linecolor rgb '#009E73', 'scores-by-dimension-borda.dat' using 3 title 'ELM_eEI' linecolor rgb '#56B4E9', 'scores-by-dimension-borda.dat' using 4 title 'GPO' linecolor rgb '#E69F00'
set terminal svg size 960,640 dynamic
set output 'scores-by-dimension-borda.svg'
replot
set output
reset
if (strstrt(GPVAL_TERMINALS, 'pngcairo') > 0) { set terminal pngcairo size 960,640 } else { set terminal png size 960,640 }
set output 'scores-by-dimension-firsts.png'
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.85 border -1
set boxwidth 0.9
set key outside right top noenhanced
set xtics noenhanced rotate by -20
set ylabel 'first places (problems)'
set xlabel 'dimension'
set title 'First places by dimension' noenhanced
set xrange [-0.6:3.6]
set yrange [0:27]
set grid ytics
plot 'scores-by-dimension-firsts.dat' using 2:xtic(1) title 'ELM' linecolor rgb '#009E73', 'scores-by-dimension-firsts.dat' using 3 title 'ELM_eEI' linecolor rgb '#56B4E9', 'scores-by-dimension-firsts.dat' using 4 title 'GPO' linecolor rgb '#E69F00'
set terminal svg size 960,640 dynamic
set output 'scores-by-dimension-firsts.svg'
replot
set output
reset

# written by bobench reproduce: COCO function group histograms of Borda scores and first places
if (strstrt(GPVAL_TERMINALS, 'pngcairo') > 0) { set terminal pngcairo size 960,640 } else { set terminal png size 960,640 }
set output 'scores-by-group-borda.png'
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.85 border -1
set boxwidth 0.9
set key outside right top noenhanced
set xtics noenhanced rotate by -20
set ylabel 'Borda score (optimizers beaten, summed over problems)'
set xlabel 'COCO function group'
set title 'Borda scores by COCO function group' noenhanced
set xrange [-0.6:4.6]
set yrange [0:35]
set grid ytics
plot 'scores-by-group-borda.dat' using 2:xtic(1) title 'ELM' linecolor rgb '#009E73', 'scores-by-group-borda.dat' using 3 title 'ELM_eEI' linecolor rgb '#56B4E9', 'scores-by-group-borda.dat' using 4 title 'GPO' linecolor rgb '#E69F00'
set terminal svg size 960,640 dynamic
set output 'scores-by-group-borda.svg'
replot
set output
reset
if (strstrt(GPVAL_TERMINALS, 'pngcairo') > 0) { set terminal pngcairo size 960,640 } else { set terminal png size 960,640 }
set output 'scores-by-group-firsts.png'
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.85 border -1
set boxwidth 0.9
set key outside right top noenhanced
set xtics noenhanced rotate by -20
set ylabel 'first places (problems)'
set xlabel 'COCO function group'
set title 'First places by COCO function group' noenhanced
set xrange [-0.6:4.6]
set yrange [0:22]
set grid ytics
plot 'scores-by-group-firsts.dat' using 2:xtic(1) title 'ELM' linecolor rgb '#009E73', 'scores-by-group-firsts.dat' using 3 title 'ELM_eEI' linecolor rgb '#56B4E9', 'scores-by-group-firsts.dat' using 4 title 'GPO' linecolor rgb '#E69F00'
set terminal svg size 960,640 dynamic
set output 'scores-by-group-firsts.svg'
replot
set output
reset

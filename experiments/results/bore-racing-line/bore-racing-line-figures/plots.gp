# written by bobench plot: median and inter-quartile range per x
set datafile missing 'NaN'
set grid
set key outside right top noenhanced
set xlabel 'evaluation'

# Racing-UCB
set logscale y
set format y '10^{%L}'
set title 'Racing-UCB' noenhanced
set ylabel 'best value (f* unknown): median'
if (strstrt(GPVAL_TERMINALS, 'pngcairo') > 0) { set terminal pngcairo size 960,640 } else { set terminal png size 960,640 }
set output 'Racing-UCB.png'
plot 'Racing-UCB.dat' index 0 using 1:2 with linespoints linewidth 2 pointinterval 6 linecolor rgb '#E69F00' dashtype solid pointtype 7 title 'BORE-MLP', \
     'Racing-UCB.dat' index 1 using 1:2 with linespoints linewidth 2 pointinterval 6 linecolor rgb '#56B4E9' dashtype solid pointtype 5 title 'BORE-RF', \
     'Racing-UCB.dat' index 2 using 1:2 with linespoints linewidth 2 pointinterval 6 linecolor rgb '#3B2F8F' dashtype (6,3) pointtype 10 title 'BORE-RF-Isotonic', \
     'Racing-UCB.dat' index 3 using 1:2 with linespoints linewidth 2 pointinterval 6 linecolor rgb '#8E2C5A' dashtype (6,3) pointtype 8 title 'BORE-RF-Platt', \
     'Racing-UCB.dat' index 4 using 1:2 with linespoints linewidth 2 pointinterval 6 linecolor rgb '#009E73' dashtype solid pointtype 9 title 'BORE-XGB', \
     'Racing-UCB.dat' index 5 using 1:2 with linespoints linewidth 2 pointinterval 6 linecolor rgb '#A3A33A' dashtype (6,3) pointtype 1 title 'BORE-XGB-Isotonic', \
     'Racing-UCB.dat' index 6 using 1:2 with linespoints linewidth 2 pointinterval 6 linecolor rgb '#2E6B1F' dashtype (6,3) pointtype 12 title 'BORE-XGB-Platt', \
     'Racing-UCB.dat' index 7 using 1:2 with linespoints linewidth 2 pointinterval 6 linecolor rgb '#000000' dashtype solid pointtype 4 title 'DE', \
     'Racing-UCB.dat' index 8 using 1:2 with linespoints linewidth 2 pointinterval 6 linecolor rgb '#8C510A' dashtype (6,3) pointtype 2 title 'GP-BO', \
     'Racing-UCB.dat' index 9 using 1:2 with linespoints linewidth 2 pointinterval 6 linecolor rgb '#0072B2' dashtype solid pointtype 11 title 'Random', \
     'Racing-UCB.dat' index 10 using 1:2 with linespoints linewidth 2 pointinterval 6 linecolor rgb '#CC79A7' dashtype solid pointtype 6 title 'SMAC', \
     'Racing-UCB.dat' index 11 using 1:2 with linespoints linewidth 2 pointinterval 6 linecolor rgb '#D55E00' dashtype solid pointtype 13 title 'TPE'
set terminal svg size 960,640 dynamic
set output 'Racing-UCB.svg'
replot
set output

# Racing-ETHZ-A
set logscale y
set format y '10^{%L}'
set title 'Racing-ETHZ-A' noenhanced
set ylabel 'best value (f* unknown): median'
if (strstrt(GPVAL_TERMINALS, 'pngcairo') > 0) { set terminal pngcairo size 960,640 } else { set terminal png size 960,640 }
set output 'Racing-ETHZ-A.png'
plot 'Racing-ETHZ-A.dat' index 0 using 1:2 with linespoints linewidth 2 pointinterval 6 linecolor rgb '#E69F00' dashtype solid pointtype 7 title 'BORE-MLP', \
     'Racing-ETHZ-A.dat' index 1 using 1:2 with linespoints linewidth 2 pointinterval 6 linecolor rgb '#56B4E9' dashtype solid pointtype 5 title 'BORE-RF', \
     'Racing-ETHZ-A.dat' index 2 using 1:2 with linespoints linewidth 2 pointinterval 6 linecolor rgb '#3B2F8F' dashtype (6,3) pointtype 10 title 'BORE-RF-Isotonic', \
     'Racing-ETHZ-A.dat' index 3 using 1:2 with linespoints linewidth 2 pointinterval 6 linecolor rgb '#8E2C5A' dashtype (6,3) pointtype 8 title 'BORE-RF-Platt', \
     'Racing-ETHZ-A.dat' index 4 using 1:2 with linespoints linewidth 2 pointinterval 6 linecolor rgb '#009E73' dashtype solid pointtype 9 title 'BORE-XGB', \
     'Racing-ETHZ-A.dat' index 5 using 1:2 with linespoints linewidth 2 pointinterval 6 linecolor rgb '#A3A33A' dashtype (6,3) pointtype 1 title 'BORE-XGB-Isotonic', \
     'Racing-ETHZ-A.dat' index 6 using 1:2 with linespoints linewidth 2 pointinterval 6 linecolor rgb '#2E6B1F' dashtype (6,3) pointtype 12 title 'BORE-XGB-Platt', \
     'Racing-ETHZ-A.dat' index 7 using 1:2 with linespoints linewidth 2 pointinterval 6 linecolor rgb '#000000' dashtype solid pointtype 4 title 'DE', \
     'Racing-ETHZ-A.dat' index 8 using 1:2 with linespoints linewidth 2 pointinterval 6 linecolor rgb '#8C510A' dashtype (6,3) pointtype 2 title 'GP-BO', \
     'Racing-ETHZ-A.dat' index 9 using 1:2 with linespoints linewidth 2 pointinterval 6 linecolor rgb '#0072B2' dashtype solid pointtype 11 title 'Random', \
     'Racing-ETHZ-A.dat' index 10 using 1:2 with linespoints linewidth 2 pointinterval 6 linecolor rgb '#CC79A7' dashtype solid pointtype 6 title 'SMAC', \
     'Racing-ETHZ-A.dat' index 11 using 1:2 with linespoints linewidth 2 pointinterval 6 linecolor rgb '#D55E00' dashtype solid pointtype 13 title 'TPE'
set terminal svg size 960,640 dynamic
set output 'Racing-ETHZ-A.svg'
replot
set output

# Racing-ETHZ-B
set logscale y
set format y '10^{%L}'
set title 'Racing-ETHZ-B' noenhanced
set ylabel 'best value (f* unknown): median'
if (strstrt(GPVAL_TERMINALS, 'pngcairo') > 0) { set terminal pngcairo size 960,640 } else { set terminal png size 960,640 }
set output 'Racing-ETHZ-B.png'
plot 'Racing-ETHZ-B.dat' index 0 using 1:2 with linespoints linewidth 2 pointinterval 6 linecolor rgb '#E69F00' dashtype solid pointtype 7 title 'BORE-MLP', \
     'Racing-ETHZ-B.dat' index 1 using 1:2 with linespoints linewidth 2 pointinterval 6 linecolor rgb '#56B4E9' dashtype solid pointtype 5 title 'BORE-RF', \
     'Racing-ETHZ-B.dat' index 2 using 1:2 with linespoints linewidth 2 pointinterval 6 linecolor rgb '#3B2F8F' dashtype (6,3) pointtype 10 title 'BORE-RF-Isotonic', \
     'Racing-ETHZ-B.dat' index 3 using 1:2 with linespoints linewidth 2 pointinterval 6 linecolor rgb '#8E2C5A' dashtype (6,3) pointtype 8 title 'BORE-RF-Platt', \
     'Racing-ETHZ-B.dat' index 4 using 1:2 with linespoints linewidth 2 pointinterval 6 linecolor rgb '#009E73' dashtype solid pointtype 9 title 'BORE-XGB', \
     'Racing-ETHZ-B.dat' index 5 using 1:2 with linespoints linewidth 2 pointinterval 6 linecolor rgb '#A3A33A' dashtype (6,3) pointtype 1 title 'BORE-XGB-Isotonic', \
     'Racing-ETHZ-B.dat' index 6 using 1:2 with linespoints linewidth 2 pointinterval 6 linecolor rgb '#2E6B1F' dashtype (6,3) pointtype 12 title 'BORE-XGB-Platt', \
     'Racing-ETHZ-B.dat' index 7 using 1:2 with linespoints linewidth 2 pointinterval 6 linecolor rgb '#000000' dashtype solid pointtype 4 title 'DE', \
     'Racing-ETHZ-B.dat' index 8 using 1:2 with linespoints linewidth 2 pointinterval 6 linecolor rgb '#8C510A' dashtype (6,3) pointtype 2 title 'GP-BO', \
     'Racing-ETHZ-B.dat' index 9 using 1:2 with linespoints linewidth 2 pointinterval 6 linecolor rgb '#0072B2' dashtype solid pointtype 11 title 'Random', \
     'Racing-ETHZ-B.dat' index 10 using 1:2 with linespoints linewidth 2 pointinterval 6 linecolor rgb '#CC79A7' dashtype solid pointtype 6 title 'SMAC', \
     'Racing-ETHZ-B.dat' index 11 using 1:2 with linespoints linewidth 2 pointinterval 6 linecolor rgb '#D55E00' dashtype solid pointtype 13 title 'TPE'
set terminal svg size 960,640 dynamic
set output 'Racing-ETHZ-B.svg'
replot
set output
